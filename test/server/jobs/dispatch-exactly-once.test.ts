/**
 * One publish, exactly one delivery per (channel, entry) and one email per (subscriber, entry)
 * (docs/api.md#channels-key-authenticated), even when the dispatch job fails between its steps: here the
 * email fan-out has committed when the channel step fails once (a trigger refuses the first delivery
 * row), and the retried job must neither email anyone again nor deliver twice or with a new webhook-id.
 * A real SMTP server and a real receiver on loopback, through the job queue.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';
import { insertSubscribers } from '../../helpers/subscribers.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { type Inbox, startInbox } from '../../helpers/smtp-inbox.ts';

let server: TestServer;
let inbox: Inbox;
let receiver: Server;
let base: string;
const received: { id: string | undefined }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ id: req.headers['webhook-id'] as string | undefined });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  inbox = await startInbox();
  server = await buildTestServer({ SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true', SMTP_URL: inbox.url });
});
afterAll(async () => {
  await server.close();
  await inbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

it('a dispatch that fails after its emails went out, then runs again, duplicates nothing', async () => {
  const { project, headers } = await server.project('pro');
  await insertSubscribers(server.db.sql, project.id, [
    ['sub_x1', 'one@example.com'],
    ['sub_x2', 'two@example.com'],
  ]);
  const channel = await server.app.inject({
    method: 'POST',
    url: '/api/v1/channels',
    headers,
    payload: { type: 'webhook', url: `${base}/hook` },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  // The first delivery row of this run is refused: the channel step fails after the email step committed.
  await server.db.sql.unsafe(`
    create sequence if not exists fail_once_seq;
    create or replace function fail_first_delivery() returns trigger language plpgsql as $$
    begin
      if nextval('fail_once_seq') = 1 then raise exception 'injected failure between the steps'; end if;
      return new;
    end $$;
    create trigger fail_first_delivery before insert on channel_deliveries
      for each row execute function fail_first_delivery();`);
  try {
    const entryId = await createEntry(server.app, headers, { title: 'Exactly once', publish: true });
    const job = async () =>
      (
        await server.db.sql<{ state: string; retryCount: number }[]>`
          select state, retry_count from pgboss.job where name = 'entry-published' and data->>'entryId' = ${entryId}`
      )[0];
    await waitUntil('the dispatch failed once', async () => (await job())?.state === 'retry');
    // Run the retry now rather than after its backoff.
    await server.db.sql`
      update pgboss.job set start_after = now() where name = 'entry-published' and data->>'entryId' = ${entryId}`;
    await waitUntil('the retried dispatch completed', async () => (await job())?.state === 'completed');
    await waitUntil(
      'the delivery and the emails arrived',
      () => received.length >= 1 && inbox.messages.length >= 2,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect((await job())!.retryCount).toBe(1);
    expect(
      inbox.messages.map((m) => m.to?.map((a) => ('address' in a ? a.address : '')).join()).sort(),
    ).toEqual(['one@example.com', 'two@example.com']);
    expect(received).toHaveLength(1);
    const deliveries = (
      await server.app.inject({ url: `/api/v1/channels/${channel.json().channel.id}/deliveries`, headers })
    ).json().deliveries;
    expect(deliveries).toHaveLength(1);
    expect(received[0]!.id).toBe(deliveries[0].id);
  } finally {
    await server.db.sql.unsafe('drop trigger if exists fail_first_delivery on channel_deliveries');
  }
});
