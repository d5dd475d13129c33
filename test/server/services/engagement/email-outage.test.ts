/**
 * An SMTP outage longer than the retries loses no subscriber (docs/api.md#entries): the
 * email batches of a release retry over more than 24 hours (the schedule pg-boss holds for them is
 * checked against pg-boss's own backoff formula), a batch whose retries run out stays `failed`, listed
 * with the recipients it still owes, and `deliveries retry` sends it to exactly those. The outage is
 * real (nothing listens on the SMTP port, then a real SMTP server does); the day is fast-forwarded by
 * making the next retry the last one.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_COMMANDS } from '../../../../server/admin/admin-commands.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { insertSubscribers } from '../../../helpers/subscribers.ts';
import { waitUntil } from '../../../helpers/wait-until.ts';
import { type Inbox, startInbox } from '../../../helpers/smtp-inbox.ts';

let server: TestServer;
let smtpPort: number;
let inbox: Inbox | undefined;

beforeAll(async () => {
  // A port nothing listens on: every connection is refused, as while the SMTP server is down.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  smtpPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  server = await buildTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
});
afterAll(async () => {
  await server.close();
  await inbox?.close();
});

/**
 * The shortest time from a job's first failure to the start of its last retry, in seconds: pg-boss
 * waits min(retry_delay_max, retry_delay · 2^r · (1 + random)) after the failure of try r, for r from
 * 0 to retry_limit − 1 (pg-boss plans.js `failJobs`); with random = 0.
 */
function shortestRetrySpan(job: { retryLimit: number; retryDelay: number; retryDelayMax: number | null }) {
  let total = 0;
  for (let r = 0; r < job.retryLimit; r++) {
    const delay = Math.max(job.retryDelay, 1) * 2 ** Math.min(16, r);
    total += job.retryDelayMax === null ? delay : Math.min(job.retryDelayMax, delay);
  }
  return total;
}

it(
  'keeps every batch for more than a day, then lists the failed ones and re-drives them to exactly the recipients owed',
  { timeout: 120_000 },
  async () => {
    const { project, headers } = await server.project('pro');
    const ids = Array.from({ length: 250 }, (_, i) => `sub_${String(i).padStart(4, '0')}`);
    await insertSubscribers(
      server.db.sql,
      project.id,
      ids.map((id) => [id, `${id}@example.com`]),
    );
    const entryId = await createEntry(server.app, headers, {
      title: 'Sent after the outage',
      publish: true,
    });

    // Three batches (100, 100, 50), each tried once and waiting for its retry.
    const jobs = await waitUntil('the batches to fail once', async () => {
      const rows = await server.db.sql<
        { retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax: number | null }[]
      >`select retry_limit, retry_delay, retry_backoff, retry_delay_max from pgboss.job
        where name = 'email-batch' and state = 'retry'`;
      return rows.length === 3 ? rows : undefined;
    });
    for (const job of jobs) {
      expect(job.retryBackoff).toBe(true);
      expect(shortestRetrySpan(job)).toBeGreaterThanOrEqual(24 * 3600);
    }
    const [attempted] = await server.db.sql<{ n: number }[]>`
      select count(*)::int as n from email_batches where entry_id = ${entryId} and status = 'pending'
        and attempts = 1 and last_error like 'the SMTP server cannot be used:%'`;
    expect(attempted!.n).toBe(3);

    // A day later: the next try is the last one, and the server is still down.
    await server.db.sql`
      update pgboss.job set retry_count = retry_limit - 1, start_after = now()
      where name = 'email-batch' and state = 'retry'`;
    await waitUntil('the batches to be failed', async () => {
      const [row] = await server.db.sql<{ n: number }[]>`
        select count(*)::int as n from email_batches where entry_id = ${entryId} and status = 'failed'`;
      return row!.n === 3 ? true : undefined;
    });

    const ctx = { sql: server.db.sql, jobs: server.app.shiplog.jobs };
    const failed = JSON.parse(await ADMIN_COMMANDS['deliveries.failed']!(ctx, { json: true })).batches;
    expect(failed.map((b: { unsent: number }) => b.unsent).sort()).toEqual([100, 100, 50].sort());
    expect(failed[0]).toMatchObject({
      project: project.slug,
      entryId,
      entryTitle: 'Sent after the outage',
      attempts: 2,
      lastError: expect.stringMatching(/^the SMTP server cannot be used:/),
    });

    // One subscriber left meanwhile: the re-drive owes the entry to the 249 others only.
    await server.db.sql`update subscribers set status = 'unsubscribed' where id = ${ids[7]!}`;
    inbox = await startInbox({ port: smtpPort });
    const retried = JSON.parse(await ADMIN_COMMANDS['deliveries.retry']!(ctx, { all: true, json: true }));
    expect(retried.retried).toHaveLength(3);

    await waitUntil('every email', async () => (inbox!.messages.length >= 249 ? true : undefined));
    await waitUntil('the batches to be sent', async () => {
      const [row] = await server.db.sql<{ n: number }[]>`
        select count(*)::int as n from email_batches where entry_id = ${entryId} and status = 'sent'`;
      return row!.n === 3 ? true : undefined;
    });
    const recipients = inbox.messages.map((m) => (m.to![0] as { address: string }).address);
    expect(new Set(recipients).size).toBe(249);
    expect(recipients).toHaveLength(249);
    expect(recipients).not.toContain(`${ids[7]}@example.com`);
    expect(await ADMIN_COMMANDS['deliveries.failed']!(ctx, {})).toBe('No failed email batches.\n');
  },
);
