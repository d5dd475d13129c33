/** A real SMTP server (smtp-server) on loopback that keeps what it receives, parsed with postal-mime. */
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export type Inbox = {
  url: string;
  messages: Email[];
  /** The next message to `to` that arrives after this call (or already there and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<Email>;
  close(): Promise<void>;
};

/**
 * @param options.port listen on this port (to bring a server back where one was); default: any free one.
 * @param options.delayMs answer each message this long after it arrived (a slow server), default 0.
 */
export async function startInbox(options: { port?: number; delayMs?: number } = {}): Promise<Inbox> {
  const messages: Email[] = [];
  const taken = new Set<Email>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((message) => {
          const accept = () => {
            messages.push(message);
            for (const wake of waiters.splice(0)) wake();
            callback();
          };
          if (options.delayMs) setTimeout(accept, options.delayMs);
          else accept();
        }, callback);
      });
    },
  });
  // A client that dies mid-session (a server killed with SIGKILL) resets its connection: not a failure here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (m) => !taken.has(m) && m.to?.some((a) => 'address' in a && a.address === to),
        );
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The header `name` of a parsed email. */
export function header(email: Email, name: string): string | undefined {
  return email.headers.find((h) => h.key === name.toLowerCase())?.value;
}

/** The first link in the text part that starts with `prefix`. */
export function linkIn(email: Email, prefix: string): string {
  const match = (email.text ?? '').match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no ${prefix} link in:\n${email.text}`);
  return match[0];
}

/** One inbox for the whole test file: started in `beforeAll`, closed in `afterAll`; filled in place. */
export function useInbox(options: { port?: number; delayMs?: number } = {}): Inbox {
  const inbox = {} as Inbox;
  beforeAll(async () => {
    Object.assign(inbox, await startInbox(options));
  });
  afterAll(() => inbox.close?.());
  return inbox;
}
