/**
 * Outgoing email through nodemailer: the SMTP server of SMTP_URL, or, with none configured, the log
 * (docs/configuration.md#configuration: said once at start). Sending never blocks the request that caused it.
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

/** nodemailer's timeouts (defaults 2 min, 30 s, 10 min), in milliseconds. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

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
  // A server that accepts connections and then hangs fails a send in seconds, not nodemailer's minutes,
  // so an email batch's attempt stays within its time budget; the URL may set its own.
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}
