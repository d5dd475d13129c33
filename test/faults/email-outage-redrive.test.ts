/**
 * An SMTP outage as an operator lives it, on PostgreSQL: `shiplog serve` cannot reach the SMTP server,
 * the email batches' retries are fast-forwarded to the last one and fail, `shiplog deliveries failed`
 * lists them with the recipients they still owe, and `shiplog deliveries retry` sends them again once
 * the SMTP server is back: every subscriber gets the entry once.
 */
import { createServer } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProjectByCli, publishOverHttp, runCli, useCliEnv, whileServing } from '../helpers/run-cli.ts';
import { type Inbox, startInbox } from '../helpers/smtp-inbox.ts';
import { waitUntil } from '../helpers/wait-until.ts';

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
