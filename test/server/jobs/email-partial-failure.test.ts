/**
 * A partial email-batch failure re-sends only the failed recipients (issue "Exactly once…", item 4):
 * the SMTP server refuses one address once (451, a temporary failure), the batch's retry sends to that
 * address alone, and everyone gets the entry exactly once. A real SMTP server (smtp-server) with a
 * per-address refusal, the real job queue.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';
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
