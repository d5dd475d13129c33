/**
 * The email fan-out's baseline (bench/dispatch.ts): a local SMTP sink (smtp-server) that counts the
 * messages and bytes it accepts, which both Shiplog and the baseline send to, and the baseline itself,
 * a bare pooled nodemailer loop sending the messages it is given one after another.
 */
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Mail } from '../server/services/mail/create-mailer.ts';

export type Sink = {
  url: string;
  /** Messages accepted so far. */
  count: () => number;
  /** Bytes of message data accepted so far. */
  bytes: () => number;
  close: () => Promise<void>;
};

export function smtpSink(): Promise<Sink> {
  let received = 0;
  let bytes = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`,
        count: () => received,
        bytes: () => bytes,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/**
 * `mails` sent one after another by a bare pooled nodemailer transport to `sink`, from `from` (the
 * address Shiplog sends from). @returns its time (ms) and the mean size of a message (bytes).
 */
export async function bareLoop(
  sink: Sink,
  from: string,
  mails: readonly Mail[],
): Promise<{ ms: number; bytes: number }> {
  const transport = nodemailer.createTransport(`${sink.url}?pool=true`);
  const bytes = sink.bytes();
  const start = performance.now();
  for (const mail of mails) await transport.sendMail({ from, ...mail });
  const ms = performance.now() - start;
  transport.close();
  return { ms, bytes: (sink.bytes() - bytes) / mails.length };
}
