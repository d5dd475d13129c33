/**
 * How a fan-out records the messages the SMTP server accepted (docs/api.md#entries): 20 at a time, by
 * one statement each (on the embedded database a statement costs about as much as sending a message),
 * and never more than 25 of a batch at stake, accepted and not yet recorded or being sent, so never
 * more than 100 on a server, which works 4 batches at once: what a crash can send twice. A real SMTP
 * server, the real job queue; the bound is watched on PostgreSQL, where a lock can hold the records back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { jobsSettled } from '../../../helpers/jobs-settled.ts';
import { type Inbox, startInbox } from '../../../helpers/smtp-inbox.ts';
import { waitUntil } from '../../../helpers/wait-until.ts';

let server: TestServer;
let inbox: Inbox;
beforeAll(async () => {
  // 2 ms a message, so that a fan-out lasts long enough to be watched.
  inbox = await startInbox({ delayMs: 2 });
  server = await buildTestServer({ SMTP_URL: inbox.url });
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

/** A project with `count` confirmed subscribers (`<prefix>1@example.com`, …). */
async function projectWithSubscribers(prefix: string, count: number) {
  const { project, headers } = await server.project('pro');
  await server.db.sql`
    insert into subscribers (id, project_id, email, status, requested_at)
    select ${`sub_${prefix}_`} || lpad(n::text, 5, '0'), ${project.id}, ${prefix} || n || '@example.com',
      'confirmed', now()
    from generate_series(1, ${count}) n`;
  return { project, headers };
}

const received = (subject: string) => inbox.messages.filter((m) => m.subject === subject);

it('records the messages of a fan-out 20 at a time', { timeout: 120_000 }, async () => {
  const { project, headers } = await projectWithSubscribers('grouped', 400);
  const entryId = await createEntry(server.app, headers, { title: 'Grouped', publish: true });
  const seen: number[] = [];
  await waitUntil(
    'every message recorded',
    async () => {
      const [row] = await server.db.sql<{ n: number }[]>`
        select count(*)::int as n from email_sends where entry_id = ${entryId}`;
      seen.push(row!.n);
      return row!.n === 400;
    },
    60_000,
    5,
  );
  // Watched while it went on, and each statement added 20 records (each batch's 100 are 5 groups).
  expect(seen.some((n) => n > 0 && n < 400)).toBe(true);
  expect(seen.filter((n) => n % 20 !== 0)).toEqual([]);
  const recipients = received(`${project.name}: Grouped`).map((m) => m.to![0]!.address);
  expect(recipients).toHaveLength(400);
  expect(new Set(recipients).size).toBe(400);
});

it.runIf(process.env.DATABASE_URL)(
  'sends no more than 25 messages of a batch, 100 on the server, while none can be recorded',
  { timeout: 120_000 },
  async () => {
    const { project, headers } = await projectWithSubscribers('held', 800);
    const subject = `${project.name}: Held back`;
    // A lock that lets the batches read email_sends but not write it, until the commit.
    const locker = await server.db.sql.reserve();
    try {
      await locker`begin`;
      await locker`lock table email_sends in share mode`;
      const entryId = await createEntry(server.app, headers, { title: 'Held back', publish: true });
      await waitUntil('100 messages', () => received(subject).length >= 100, 30_000);
      // Were a batch not to pause, its next messages would arrive within this second.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(received(subject)).toHaveLength(100);
      const [recorded] = await locker<{ n: number }[]>`
        select count(*)::int as n from email_sends where entry_id = ${entryId}`;
      expect(recorded!.n).toBe(0);
      await locker`commit`;
    } finally {
      locker.release();
    }
    await waitUntil('every subscriber', () => received(subject).length >= 800, 60_000);
    await jobsSettled(server.db.sql, ['entry-published', 'email-batch'], 60_000);
    const recipients = received(subject).map((m) => m.to![0]!.address);
    expect(recipients).toHaveLength(800);
    expect(new Set(recipients).size).toBe(800);
  },
);
