/**
 * Several `shiplog serve` processes on one PostgreSQL and Redis behave as one service (docs/deployment.md#scaling): two child processes A and B, the way a deployment runs them.
 * A change through one is seen by the other as soon as PostgreSQL delivers its notice (widget, feeds,
 * page: within {@link NOTICE_BOUND_MS}, milliseconds on a quiet machine); rate limits and idempotency keys are shared; each job (the
 * scheduled publish, every email, every channel delivery, signed webhooks included, a GitHub webhook
 * delivered to both) runs once; and SIGTERM of one instance in the middle of a fan-out loses nothing.
 * PostgreSQL only (the embedded database belongs to one process); the Redis of REDIS_URL as in the
 * other Redis tests; the GitHub API is a loopback stand-in.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appEnv, signBody } from '../helpers/github-app.ts';
import { type GithubStandIn, startGithubStandIn } from '../helpers/github-stand-in.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { runCli, startServe } from '../helpers/run-cli.ts';
import { type Inbox, startInbox } from '../helpers/smtp-inbox.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';
import { NEEDS_REDIS, TEST_REDIS_URL } from '../helpers/test-redis.ts';

const SUBSCRIBERS = 1500;
/**
 * How long the other instance may answer from its memory after the writer has answered: the time
 * PostgreSQL takes to deliver the NOTIFY sent at commit to the other instance's listening connection
 * and that instance's event loop to read it (docs/deployment.md#scaling). A bound for a loaded 2-core
 * machine, far above what it takes (a CDN in front keeps the widget for up to 60 s anyway).
 */
const NOTICE_BOUND_MS = 2000;
const RATE_LIMIT = 20;
/**
 * What a stopped instance may have sent but not recorded: its batches in progress (20) times the
 * messages a batch may have accepted unrecorded (5); see test/server/jobs/email-faults.test.ts.
 */
const DUPLICATE_BOUND = 20 * 5;

type Instance = Awaited<ReturnType<typeof startServe>>;

describe.runIf(process.env.DATABASE_URL && TEST_REDIS_URL)(
  `two instances as one service (PostgreSQL + Redis) ${NEEDS_REDIS}`,
  () => {
    let database: TestDatabase;
    let inbox: Inbox;
    let receiver: Receiver;
    let github: GithubStandIn;
    let sql: postgres.Sql;
    let a: Instance;
    let b: Instance;
    let env: Record<string, string>;
    const keys: Record<string, string> = {};
    const projectIds: Record<string, string> = {};

    async function createProject(slug: string): Promise<void> {
      const created = await runCli(
        ['projects', 'create', '--name', slug, '--slug', slug, '--plan', 'pro', '--json'],
        env,
      );
      expect(created.code, created.stderr).toBe(0);
      const { apiKey, project } = JSON.parse(created.stdout);
      keys[slug] = apiKey;
      projectIds[slug] = project.id;
    }
    const api = (at: Instance, slug: string, path: string, init: RequestInit = {}) =>
      fetch(`${at.url}/api/v1${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${keys[slug]}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.headers as Record<string, string>),
        },
      });
    async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    beforeAll(async () => {
      database = await createTestDatabase();
      // 3 ms a message: the fan-out lasts long enough to stop an instance in its middle.
      inbox = await startInbox({ delayMs: 3 });
      receiver = await startReceiver();
      github = await startGithubStandIn();
      env = {
        DATABASE_URL: database.databaseUrl!,
        SHIPLOG_DATA_DIR: database.dataDir,
        REDIS_URL: TEST_REDIS_URL!,
        REDIS_PREFIX: `shiplog-two-${process.pid}-${Date.now()}:`,
        PUBLIC_URL: 'https://changelog.test',
        SMTP_URL: inbox.url,
        MAIL_FROM: 'Shiplog <news@changelog.test>',
        SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true',
        SHIPLOG_API_RATE_LIMIT: String(RATE_LIMIT),
        LOG_LEVEL: 'info',
        ...appEnv({ GITHUB_API_URL: github.url }),
      };
      await createProject('shared');
      await createProject('limited');
      sql = postgres(database.databaseUrl!, { max: 1, onnotice: () => {} });
      [a, b] = await Promise.all([startServe(env), startServe(env)]);
    }, 120_000);
    afterAll(async () => {
      for (const instance of [a, b]) instance?.child.kill('SIGTERM');
      await Promise.all([a?.exited, b?.exited]);
      await sql?.end();
      await receiver?.close();
      await github?.close();
      await inbox?.close();
      await database?.drop();
    });

    const publicViews = async (at: Instance) => {
      const [widget, feed, page] = await Promise.all(
        ['/api/widget/shared', '/api/feeds/shared/atom', '/changelog/shared'].map((path) =>
          fetch(`${at.url}${path}`),
        ),
      );
      return {
        widget: (await widget!.json()) as { entries: { title: string }[] },
        etag: widget!.headers.get('etag'),
        feed: await feed!.text(),
        page: await page!.text(),
      };
    };

    it('shows a publish through one in the widget, feeds and page of the other as soon as the notice arrives', async () => {
      // B has the empty widget in its cache.
      expect((await publicViews(b)).widget.entries).toEqual([]);
      const created = await api(a, 'shared', '/entries', {
        method: 'POST',
        body: JSON.stringify({ title: 'Seen everywhere', body: 'Published through A.', publish: true }),
      });
      expect(created.status).toBe(201);
      const { entry } = (await created.json()) as { entry: { id: string } };
      // The other instance, as soon as PostgreSQL has delivered the notice (docs/deployment.md#scaling):
      // milliseconds, but not before the writer's answer reaches its client, so it is polled.
      const onB = await vi.waitFor(
        async () => {
          const views = await publicViews(b);
          expect(views.widget.entries.map((e) => e.title)).toEqual(['Seen everywhere']);
          expect(views.feed).toContain('Seen everywhere');
          expect(views.page).toContain('Seen everywhere');
          return views;
        },
        { timeout: NOTICE_BOUND_MS, interval: 5 },
      );
      // Both answer the same bytes: a CDN sees one resource whichever instance fills it.
      const onA = await publicViews(a);
      expect(onA.etag).toBe(onB.etag);

      // And back: unpublished through B, gone from A's widget (which had it cached) and from B's at once.
      expect((await api(b, 'shared', `/entries/${entry.id}/unpublish`, { method: 'POST' })).status).toBe(200);
      expect((await publicViews(b)).widget.entries).toEqual([]);
      await vi.waitFor(
        async () => {
          const after = await publicViews(a);
          expect(after.widget.entries).toEqual([]);
          expect(after.feed).not.toContain('Seen everywhere');
          expect(after.page).not.toContain('Seen everywhere');
        },
        { timeout: NOTICE_BOUND_MS, interval: 5 },
      );
    });

    it('shares one rate limit per key between the instances', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMIT + 2; i++)
        statuses.push((await api(i % 2 === 0 ? a : b, 'limited', '/entries')).status);
      expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(200));
      // Refused by both: the count is one, in Redis.
      expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
    });

    it('shares idempotency keys: a replay on the other instance, one entry for racing requests', async () => {
      const post = (at: Instance, key: string, title: string) =>
        api(at, 'shared', '/entries', {
          method: 'POST',
          headers: { 'idempotency-key': key },
          body: JSON.stringify({ title, body: 'x' }),
        });
      const first = await post(a, 'key-one', 'Once');
      expect(first.status).toBe(201);
      const replay = await post(b, 'key-one', 'Once');
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.json()).toEqual(await first.json());

      const raced = await Promise.all([post(a, 'key-two', 'Raced'), post(b, 'key-two', 'Raced')]);
      const statuses = raced.map((r) => r.status).sort();
      // Either the second waited for nothing and was told the first runs (409), or it came after and
      // replayed it; never a second entry.
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      const [counted] = await sql<{ n: number }[]>`
      select count(*)::int as n from entries where project_id = ${projectIds.shared!} and title in ('Once', 'Raced')`;
      expect(counted!.n).toBe(2);
    });

    it('runs a GitHub webhook delivered to both instances once', async () => {
      const linked = await runCli(['github', 'link', 'Codertocat/Hello-World', 'shared'], env);
      expect(linked.code, linked.stderr).toBe(0);
      const body = JSON.stringify(webhookExample('pull_request', 'opened', (e) => Boolean(e.installation)));
      // GitHub's redelivery of one delivery, reaching each instance through the load balancer.
      const deliver = (at: Instance) =>
        fetch(`${at.url}/api/github/webhooks`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-github-event': 'pull_request',
            'x-github-delivery': 'delivery-two-instances',
            'x-hub-signature-256': signBody(body),
          },
          body,
        });
      const answers = await Promise.all([deliver(a), deliver(b)]);
      expect(answers.map((r) => r.status)).toEqual([202, 202]);
      await until(() => github.commentPosts() >= 1, 'the draft comment');
      await until(async () => {
        const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from pgboss.job where name = 'github-webhook' and state <> 'completed'`;
        return row!.n === 0;
      }, 'the webhook jobs');
      expect(github.commentPosts()).toBe(1);
      const [jobs] = await sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name = 'github-webhook'`;
      expect(jobs!.n).toBe(1);
    });

    it(
      'runs each job once, and loses nothing when one instance stops mid-fan-out',
      { timeout: 150_000 },
      async () => {
        await sql`
      insert into subscribers (id, project_id, email, status, requested_at)
      select 'sub_two_' || g, ${projectIds.shared!}, 'reader' || g || '@example.com', 'confirmed', now()
      from generate_series(1, ${SUBSCRIBERS}) g`;
        const channels = [
          { type: 'webhook', url: `${receiver.base}/hook-1` },
          { type: 'webhook', url: `${receiver.base}/hook-2` },
          { type: 'slack', url: `${receiver.base}/slack/T000/B000/XXXX` },
          { type: 'discord', url: `${receiver.base}/discord/123/abc` },
        ];
        for (const [i, channel] of channels.entries()) {
          const res = await api(i % 2 === 0 ? a : b, 'shared', '/channels', {
            method: 'POST',
            body: JSON.stringify(channel),
          });
          expect(res.status).toBe(201);
        }
        // Drafted through A, scheduled through B: whichever instance's worker takes the schedule publishes.
        const created = await api(a, 'shared', '/entries', {
          method: 'POST',
          body: JSON.stringify({ title: 'For everyone', body: 'The fan-out.' }),
        });
        const { entry } = (await created.json()) as { entry: { id: string } };
        const at = new Date(Date.now() + 2000).toISOString();
        expect(
          (
            await api(b, 'shared', `/entries/${entry.id}/publish`, {
              method: 'POST',
              body: JSON.stringify({ at }),
            })
          ).status,
        ).toBe(200);

        const ours = () => inbox.messages.filter((m) => m.subject?.includes('For everyone'));
        await until(() => ours().length >= 300, 'the fan-out to start');
        a.child.kill('SIGTERM');
        expect(await a.exited).toBe(0);
        const sentWhenStopped = ours().length;
        expect(sentWhenStopped).toBeLessThan(SUBSCRIBERS);

        const recipients = () =>
          new Set(ours().flatMap((m) => m.to?.map((t) => ('address' in t ? t.address : '')) ?? []));
        await until(() => recipients().size >= SUBSCRIBERS, 'every subscriber to have the entry');
        await until(
          async () => (await sql`select 1 from channel_deliveries where status = 'pending'`).length === 0,
          'the deliveries',
        );
        // A little longer, so that a duplicate would have time to arrive.
        await new Promise((resolve) => setTimeout(resolve, 1500));

        expect(recipients().size).toBe(SUBSCRIBERS);
        const duplicates = ours().length - SUBSCRIBERS;
        expect(duplicates, `${sentWhenStopped} sent when A stopped`).toBeLessThanOrEqual(DUPLICATE_BOUND);
        for (const path of ['/hook-1', '/hook-2', '/slack/T000/B000/XXXX', '/discord/123/abc'])
          expect(
            receiver.received.filter((r) => r.path === path),
            path,
          ).toHaveLength(1);
        const jobs = await sql<{ name: string; state: string; n: number }[]>`
      select name, state::text, count(*)::int as n from pgboss.job
      where name in ('entry-scheduled', 'entry-published') and data->>'entryId' = ${entry.id}
      group by 1, 2`;
        expect(jobs).toEqual(
          expect.arrayContaining([
            { name: 'entry-scheduled', state: 'completed', n: 1 },
            { name: 'entry-published', state: 'completed', n: 1 },
          ]),
        );
        expect(jobs).toHaveLength(2);
      },
    );
  },
);
