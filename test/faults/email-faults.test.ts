/**
 * A fault in the middle of a fan-out neither loses nor (beyond what was in flight) duplicates email
 * (docs/api.md#entries): `shiplog serve` on PostgreSQL emails a release to 2,000
 * confirmed subscribers through a real SMTP server, and (1) is killed with SIGKILL after 600 messages,
 * then started again; (2) loses its database for 10 s after 1,500 messages, so that the batches end
 * while it is away (a proxy in front of PostgreSQL closes every connection and refuses new ones), and
 * its API answers 503 meanwhile. Each time, once every job has run to its end, every subscriber has
 * the entry and duplicates stay within the bound: 25 messages per batch in progress (4 at once).
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgProxy, type PgProxy } from '../helpers/pg-proxy.ts';
import { createProjectByCli, publishOverHttp, startServe, whileServing } from '../helpers/run-cli.ts';
import { type Inbox, startInbox } from '../helpers/smtp-inbox.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const SUBSCRIBERS = 2000;
/**
 * The batches one server works at once (queue/queue-settings.ts EMAIL_BATCHES_AT_ONCE), each with at
 * most 25 messages at stake, accepted and not yet recorded or being sent
 * (services/engagement/email-subscribers.ts MAX_AT_STAKE).
 */
const DUPLICATE_BOUND = 4 * 25;

describe.runIf(process.env.DATABASE_URL)('faults during an email fan-out (PostgreSQL)', () => {
  let database: TestDatabase;
  let proxy: PgProxy;
  let inbox: Inbox;
  let sql: postgres.Sql;
  let env: Record<string, string>;
  let apiKey: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startPgProxy(database.databaseUrl!);
    // 2 ms a message: the fan-out takes a few seconds.
    inbox = await startInbox({ delayMs: 2 });
    env = {
      SHIPLOG_DATA_DIR: database.dataDir,
      SMTP_URL: inbox.url,
      LOG_LEVEL: 'info',
      DATABASE_URL: proxy.url,
    };
    ({ apiKey } = await createProjectByCli(env, 'faulty', 'Faulty'));
    sql = postgres(database.databaseUrl!, { max: 1, onnotice: () => {} });
    const [project] = await sql<{ id: string }[]>`select id from projects where slug = 'faulty'`;
    await sql`
      insert into subscribers (id, project_id, email, status, requested_at)
      select 'sub_' || lpad(n::text, 5, '0'), ${project!.id}, 'reader' || n || '@example.com', 'confirmed', now()
      from generate_series(1, ${SUBSCRIBERS}) n`;
  });
  afterAll(async () => {
    await sql.end();
    await inbox.close();
    await proxy.close();
    await database.drop();
  });

  const publish = async (url: string, title: string) => {
    const res = await publishOverHttp(url, apiKey, title);
    expect(res.status).toBe(201);
  };
  const recipientsOf = (title: string) =>
    inbox.messages
      .filter((m) => m.subject === `Faulty: ${title}`)
      .map((m) => (m.to![0] as { address: string }).address);
  /** Every dispatch and email job has run to its end (a job left for later would send more). */
  const settled = async () => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job
      where name in ('entry-published', 'email-batch') and state not in ('completed', 'failed', 'cancelled')`;
    return row!.n === 0;
  };
  /** sent (messages), duplicated (messages beyond the first per recipient), lost (recipients without). */
  const figures = (title: string) => {
    const sent = recipientsOf(title);
    const unique = new Set(sent).size;
    return { sent: sent.length, duplicated: sent.length - unique, lost: SUBSCRIBERS - unique };
  };

  it('loses nothing when the server is killed with SIGKILL mid fan-out', { timeout: 600_000 }, async () => {
    const first = await startServe(env);
    let killed = false;
    try {
      await publish(first.url, 'Killed midway');
      await waitUntil('600 messages', () => recipientsOf('Killed midway').length >= 600, 60_000);
      first.child.kill('SIGKILL');
      killed = true;
      await first.exited;
    } finally {
      if (!killed) first.child.kill('SIGKILL');
    }
    const atKill = figures('Killed midway');
    expect(atKill.lost).toBeGreaterThan(0);

    await whileServing(env, async () => {
      // The killed server's batches are taken back once their heartbeat is 30 s stale, then retried.
      await waitUntil('every subscriber', () => figures('Killed midway').lost === 0, 180_000);
      await waitUntil('the jobs to settle', settled, 400_000);
      const after = figures('Killed midway');
      console.info(
        `kill -9 mid fan-out: at the kill ${JSON.stringify(atKill)}; in the end ${JSON.stringify(after)}`,
      );
      expect(after.lost).toBe(0);
      expect(after.duplicated).toBeLessThanOrEqual(DUPLICATE_BOUND);
      const [batches] = await sql<{ sent: number }[]>`
        select count(*)::int as sent from email_batches b join entries e on e.id = b.entry_id
        where e.title = 'Killed midway' and b.status = 'sent'`;
      expect(batches!.sent).toBe(SUBSCRIBERS / 100);
    });
  });

  it(
    'loses nothing and sends nothing twice when the database is away for 10 s mid fan-out',
    { timeout: 600_000 },
    async () => {
      await whileServing(env, async (server) => {
        await publish(server.url, 'Database restarted');
        await waitUntil('1,500 messages', () => recipientsOf('Database restarted').length >= 1500, 60_000);
        await proxy.cut();
        const atCut = figures('Database restarted');
        const during = await fetch(`${server.url}/api/v1/entries`, {
          headers: { authorization: `Bearer ${apiKey}` },
        });
        expect(during.status).toBe(503);
        expect(during.headers.get('retry-after')).toBe('5');
        expect((await during.json()).code).toBe('service_unavailable');
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        await proxy.restore();

        await waitUntil('every subscriber', () => figures('Database restarted').lost === 0, 180_000);
        await waitUntil('the jobs to settle', settled, 400_000);
        const after = figures('Database restarted');
        console.info(
          `database away 10 s mid fan-out: at the cut ${JSON.stringify(atCut)}; in the end ${JSON.stringify(after)}`,
        );
        expect(after.lost).toBe(0);
        expect(after.duplicated).toBeLessThanOrEqual(DUPLICATE_BOUND);
      });
    },
  );
});
