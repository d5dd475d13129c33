/**
 * Outgoing email through nodemailer: the SMTP server of SMTP_URL, or, with none configured, the log
 * (CONTRACT.md "Operating": said once at start). Sending never blocks the request that caused it.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** A stable Message-ID, so that a retried delivery is recognisable as the same message. */
  messageId?: string;
};
export type Mailer = {
  send(mail: Mail): Promise<void>;
  close(): void;
};
type Log = { info: (obj: object, msg: string) => void };

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: Log): Mailer {
  if (!config.smtpUrl) {
    log.info({}, 'SMTP_URL is not set: emails are written to this log instead of being sent');
    const transport = nodemailer.createTransport({ jsonTransport: true });
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: config.mailFrom, ...mail });
        const message = JSON.parse(String(info.message)) as {
          to: unknown;
          subject: string;
          text: string;
          headers: unknown;
        };
        log.info(
          {
            mail: { to: message.to, subject: message.subject, headers: message.headers, text: message.text },
          },
          'email (not sent: no SMTP_URL)',
        );
      },
      close: () => transport.close(),
    };
  }
  // Pooled: a fan-out to many subscribers reuses a few connections instead of one per message.
  const url = new URL(config.smtpUrl);
  url.searchParams.set('pool', 'true');
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}
