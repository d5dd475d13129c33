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
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}
