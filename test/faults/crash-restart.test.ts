/**
 * Nothing is lost on a crash: `shiplog serve` is SIGKILLed right after a publish is answered, before its
 * dispatch ran, and started again at once on the same database; the confirmed subscriber still gets the
 * entry, exactly one message. On the embedded database and on PostgreSQL (DATABASE_URL) alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectByCli, publishOverHttp, startServe, useCliEnv } from '../helpers/run-cli.ts';
import { header, type Inbox, linkIn, startInbox } from '../helpers/smtp-inbox.ts';

/** The embedded database always; PostgreSQL too when DATABASE_URL names one (CI's fault run does). */
const MODES = ['embedded', ...(process.env.DATABASE_URL ? ['PostgreSQL'] : [])];

describe.each(MODES)('on the %s database', (mode) => {
  const env = useCliEnv({}, { embedded: mode === 'embedded' });
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await startInbox();
    env.SMTP_URL = inbox.url;
  });
  afterAll(() => inbox.close());

  it(
    'delivers a publish whose server was killed before dispatching it, once restarted',
    { timeout: 180_000 },
    async () => {
      const { apiKey } = await createProjectByCli(env, 'crashy', 'Crashy');
      const first = await startServe(env);
      let killed = false;
      try {
        // A confirmed subscriber, the way a reader gets one: subscribe, then press the button of the email.
        await fetch(`${first.url}/api/subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ project: 'crashy', email: 'reader@example.com' }),
        });
        const confirmation = await inbox.next('reader@example.com', 10_000);
        const confirmUrl = linkIn(confirmation, `http://127.0.0.1:`).replace(
          /^http:\/\/127\.0\.0\.1:\d+/,
          first.url,
        );
        expect((await fetch(confirmUrl, { method: 'POST' })).status).toBe(200);

        const published = await publishOverHttp(first.url, apiKey, 'Survives a crash');
        expect(published.status).toBe(201);
        first.child.kill('SIGKILL');
        killed = true;
        await first.exited;
      } finally {
        if (!killed) first.child.kill('SIGKILL');
      }
      const sentBeforeCrash = inbox.messages.filter((m) => m.subject?.includes('Survives a crash')).length;

      const second = await startServe(env);
      try {
        // Killed before its job was fetched, the restarted server sends at once; killed after the fetch
        // (a loaded machine is slower to kill), the job is the dead worker's until it expires (60 s,
        // queue/queue-settings.ts) and pg-boss's next check (every 30 s) hands it out again.
        const mail = await inbox.next('reader@example.com', 120_000);
        expect(mail.subject).toBe('Crashy: Survives a crash');
        expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        // The crash came before the dispatch: the restarted server sent it, and only once.
        expect(sentBeforeCrash).toBe(0);
        expect(inbox.messages.filter((m) => m.subject?.includes('Survives a crash'))).toHaveLength(1);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
    },
  );
});
