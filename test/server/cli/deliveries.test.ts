/**
 * `shiplog deliveries failed|retry` as a user runs them, while `shiplog serve` runs (over the admin
 * socket on the embedded database, directly on PostgreSQL): email batches whose retries ran out are
 * listed with the recipients they still owe, and sent again on demand. On PostgreSQL the whole story
 * runs: an SMTP server that is down, the retries fast-forwarded to the last one, the list, the re-drive.
 */
import { createServer } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createProjectByCli,
  publishOverHttp,
  runCli,
  useCliEnv,
  whileServing,
} from '../../helpers/run-cli.ts';
import { type Inbox, startInbox } from '../../helpers/smtp-inbox.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

const env = useCliEnv();
let inbox: Inbox | undefined;
let smtpPort: number;

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  smtpPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
});
afterAll(() => inbox?.close());

it(
  'answers while the server runs, and refuses a retry that names no batch',
  { timeout: 60_000 },
  async () => {
    await whileServing(env, async () => {
      const none = await runCli(['deliveries', 'failed'], env);
      expect(none.code, none.stderr).toBe(0);
      expect(none.stdout).toBe('No failed email batches.\n');
      const all = await runCli(['deliveries', 'retry', '--all', '--json'], env);
      expect(all.code, all.stderr).toBe(0);
      expect(JSON.parse(all.stdout)).toEqual({ retried: [] });
      const unknown = await runCli(['deliveries', 'retry', 'emb_nope'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe(
        'shiplog: No failed email batch emb_nope; list them with: npx shiplog deliveries failed\n',
      );
      for (const args of [
        ['deliveries', 'retry'],
        ['deliveries', 'retry', 'emb_x', '--all'],
      ]) {
        const usage = await runCli(args, env);
        expect(usage.code, args.join(' ')).toBe(2);
        expect(usage.stderr).toMatch(/give one batch id, or --all/);
      }
    });
  },
);

it.runIf(process.env.DATABASE_URL)(
  'lists the batches an SMTP outage failed and sends them again (PostgreSQL)',
  { timeout: 120_000 },
  async () => {
    const { apiKey, project } = await createProjectByCli(env, 'outage', 'Outage');
    const sql = postgres(env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      await whileServing(env, async (server) => {
        await sql`
        insert into subscribers (id, project_id, email, status, requested_at)
        select 'sub_' || lpad(n::text, 4, '0'), ${project.id}, 'reader' || n || '@example.com', 'confirmed', now()
        from generate_series(1, 150) n`;
        const published = await publishOverHttp(server.url, apiKey, 'Worth the wait');
        expect(published.status).toBe(201);
        await waitUntil('two batches waiting to retry', async () => {
          const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from pgboss.job where name = 'email-batch' and state = 'retry'`;
          return row!.n === 2;
        });
        // A day later, still down: the last retry fails too.
        await sql`
        update pgboss.job set retry_count = retry_limit - 1, start_after = now()
        where name = 'email-batch' and state = 'retry'`;
        await waitUntil('two failed batches', async () => {
          const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from email_batches where status = 'failed'`;
          return row!.n === 2;
        });

        const listed = await runCli(['deliveries', 'failed', '--json'], env);
        expect(listed.code, listed.stderr).toBe(0);
        const { batches } = JSON.parse(listed.stdout);
        expect(batches.map((b: { unsent: number }) => b.unsent).sort()).toEqual([100, 50]);
        expect(batches[0]).toMatchObject({ project: 'outage', entryTitle: 'Worth the wait', attempts: 2 });
        const text = await runCli(['deliveries', 'failed'], env);
        expect(text.stdout).toMatch(/^2 failed email batch\(es\), whose retries ran out:\n/);
        expect(text.stdout).toContain(`${batches[0].id}  outage  "Worth the wait"`);
        expect(text.stdout).toMatch(
          /Send them again with: npx shiplog deliveries retry <batch-id> \(or --all\)\n$/,
        );

        inbox = await startInbox({ port: smtpPort });
        const one = await runCli(['deliveries', 'retry', batches[0].id], env);
        expect(one.code, one.stderr).toBe(0);
        expect(one.stdout).toMatch(/^Re-queued 1 email batch\(es\): \d+ subscriber\(s\) still owed/);
        const rest = await runCli(['deliveries', 'retry', '--all', '--json'], env);
        expect(JSON.parse(rest.stdout).retried.map((b: { id: string }) => b.id)).toEqual([batches[1].id]);

        await waitUntil('every subscriber', () => new Set(inbox!.messages.map((m) => m.to![0])).size === 150);
        await waitUntil('both batches sent', async () => {
          const [row] = await sql<
            { n: number }[]
          >`select count(*)::int as n from email_batches where status = 'sent'`;
          return row!.n === 2;
        });
        expect(inbox.messages).toHaveLength(150);
        expect((await runCli(['deliveries', 'failed'], env)).stdout).toBe('No failed email batches.\n');
      });
    } finally {
      await sql.end();
    }
  },
);
