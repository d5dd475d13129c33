/**
 * A partial email-batch failure re-sends only the failed recipients (issue "Exactly once…", item 4):
 * the SMTP server refuses one address once (451, a temporary failure), the batch's retry sends to that
 * address alone, and everyone gets the entry exactly once; a batch whose retries ran out owes (and, re-driven
 * as `shiplog deliveries retry` does, sends) only what was not sent. A real SMTP server (smtp-server) with
 * a per-address refusal, the real job queue, on the default embedded database as on PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';
import {
  listFailedEmailBatches,
  retryFailedEmailBatches,
} from '../../../server/services/engagement/redrive-email-batches.ts';
import { insertSubscribers } from '../../helpers/subscribers.ts';

const delivered: string[] = [];
let refuseOnce = new Set(['flaky@example.com']);
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseOnce.delete(address.address)) {
        const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) delivered.push(rcpt.address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await buildTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

it('retries only the refused recipient: each subscriber gets the entry once', async () => {
  const { project, headers } = await server.project('pro');
  await insertSubscribers(server.db.sql, project.id, [
    ['sub_p1', 'steady@example.com'],
    ['sub_p2', 'flaky@example.com'],
    ['sub_p3', 'calm@example.com'],
  ]);
  await createEntry(server.app, headers, { title: 'Partly refused', publish: true });
  const batchJob = async () =>
    (await server.db.sql<{ state: string }[]>`select state from pgboss.job where name = 'email-batch'`)[0];
  for (let i = 0; i < 200 && (await batchJob())?.state !== 'retry'; i++)
    await new Promise((r) => setTimeout(r, 50));
  expect((await batchJob())?.state).toBe('retry');
  expect(delivered.sort()).toEqual(['calm@example.com', 'steady@example.com']);
  // Run the retry now rather than after its backoff.
  await server.db
    .sql`update pgboss.job set start_after = now() where name = 'email-batch' and state = 'retry'`;
  for (let i = 0; i < 200 && (await batchJob())?.state !== 'completed'; i++)
    await new Promise((r) => setTimeout(r, 50));
  expect((await batchJob())?.state).toBe('completed');
  expect(delivered.sort()).toEqual(['calm@example.com', 'flaky@example.com', 'steady@example.com']);
  refuseOnce = new Set();
});

it('a batch whose retries ran out owes only its unsent recipients, and a re-drive sends to them alone', async () => {
  const { project, headers } = await server.project('pro');
  await insertSubscribers(server.db.sql, project.id, [
    ['sub_r1', 'first@example.com'],
    ['sub_r2', 'stuck@example.com'],
    ['sub_r3', 'third@example.com'],
  ]);
  refuseOnce = new Set(['stuck@example.com']);
  delivered.length = 0;
  const entryId = await createEntry(server.app, headers, { title: 'Owed once', publish: true });
  const batch = async () =>
    (
      await server.db.sql<{ status: string; id: string }[]>`
        select b.status, b.id from email_batches b where b.entry_id = ${entryId}`
    )[0];
  const job = async () =>
    (
      await server.db.sql<{ state: string }[]>`
        select state from pgboss.job where name = 'email-batch' and data->>'batchId' = ${(await batch())?.id ?? ''}`
    )[0];
  for (let i = 0; i < 200 && (await job())?.state !== 'retry'; i++)
    await new Promise((r) => setTimeout(r, 50));
  expect(delivered.sort()).toEqual(['first@example.com', 'third@example.com']);
  // Its last retry fails too (the address is refused again), and the batch is `failed`.
  refuseOnce = new Set(['stuck@example.com']);
  await server.db.sql`
    update pgboss.job set retry_count = retry_limit - 1, start_after = now()
    where name = 'email-batch' and state = 'retry'`;
  for (let i = 0; i < 200 && (await batch())?.status !== 'failed'; i++)
    await new Promise((r) => setTimeout(r, 50));
  expect((await batch())?.status).toBe('failed');

  const failed = (await listFailedEmailBatches(server.db.sql)).filter((b) => b.entryId === entryId);
  expect(failed).toEqual([expect.objectContaining({ recipients: 3, unsent: 1 })]);
  await retryFailedEmailBatches(server.app.shiplog, [failed[0]!.id]);
  for (let i = 0; i < 200 && (await batch())?.status !== 'sent'; i++)
    await new Promise((r) => setTimeout(r, 50));
  expect((await batch())?.status).toBe('sent');
  expect(delivered.sort()).toEqual(['first@example.com', 'stuck@example.com', 'third@example.com']);
});
