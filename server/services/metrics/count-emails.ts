/** A mailer that counts what it hands on (`shiplog_emails_total{outcome="sent"|"failed"}`). */
import type { Counter } from 'prom-client';
import type { Mailer } from '../mail/create-mailer.ts';

export function countEmails(mailer: Mailer, emails: Counter<'outcome'>): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        emails.inc({ outcome: 'failed' });
        throw err;
      }
      emails.inc({ outcome: 'sent' });
    },
    close: () => mailer.close(),
  };
}
