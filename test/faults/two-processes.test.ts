/**
 * Several server processes share the work without double delivery (docs/api.md#entries): two `shiplog serve` processes on one PostgreSQL database, a publish on one of them, and
 * every confirmed subscriber gets the entry exactly once. PostgreSQL only: the embedded database
 * belongs to one process.
 */
import { expect, it } from 'vitest';
import postgres from 'postgres';
import { runCli, startServe } from '../helpers/run-cli.ts';
import { startInbox } from '../helpers/smtp-inbox.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const SUBSCRIBERS = 250;

it.runIf(process.env.DATABASE_URL)(
  'delivers each email once with two workers',
  { timeout: 90_000 },
  async () => {
    const database = await createTestDatabase();
    const inbox = await startInbox();
    const env = {
      DATABASE_URL: database.databaseUrl!,
      SHIPLOG_DATA_DIR: database.dataDir,
      SMTP_URL: inbox.url,
      LOG_LEVEL: 'info',
    };
    try {
      const created = await runCli(
        ['projects', 'create', '--name', 'Shared', '--slug', 'shared', '--plan', 'pro', '--json'],
        env,
      );
      const { apiKey, project } = JSON.parse(created.stdout);
      const sql = postgres(database.databaseUrl!, { max: 1, onnotice: () => {} });
      await sql`
      insert into subscribers (id, project_id, email, status, requested_at)
      select 'sub_two_' || g, ${project.id}, 'reader' || g || '@example.com', 'confirmed', now()
      from generate_series(1, ${SUBSCRIBERS}) g`;
      await sql.end();
      const [a, b] = await Promise.all([startServe(env), startServe(env)]);
      try {
        const res = await fetch(`${a.url}/api/v1/entries`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'For everyone', body: 'x', publish: true }),
        });
        expect(res.status).toBe(201);
        const deadline = Date.now() + 60_000;
        while (inbox.messages.length < SUBSCRIBERS && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
        // A little longer, so that a duplicate would have time to arrive.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const addresses = inbox.messages.flatMap(
          (m) => m.to?.map((t) => ('address' in t ? t.address : '')) ?? [],
        );
        expect(addresses).toHaveLength(SUBSCRIBERS);
        expect(new Set(addresses).size).toBe(SUBSCRIBERS);
      } finally {
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        await Promise.all([a.exited, b.exited]);
      }
    } finally {
      await inbox.close();
      await database.drop();
    }
  },
);
