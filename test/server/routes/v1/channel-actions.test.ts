/**
 * The Channels page's actions through /api/v1 with the dashboard's session (docs/api.md#channels-key-authenticated): `Send test` is a `ping` delivered through the delivery job to a loopback receiver that
 * verifies its Standard Webhooks signature; the delivery log shows status, attempts, last error and the
 * next retry; `Retry` sends a failed delivery again with the same webhook-id; a disabled channel gets
 * nothing; and the SSRF guard still refuses a loopback target where private destinations are not allowed.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer, useTestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';
import { jobsSettled } from '../../../helpers/jobs-settled.ts';
import { type Receiver, startReceiver } from '../../../helpers/receiver.ts';

const { server, owner } = useTestServer({
  SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true',
  SHIPLOG_API_RATE_LIMIT: '1000',
});
let receiver: Receiver;
let publisher: SignedInUser;

beforeAll(async () => {
  receiver = await startReceiver();
  publisher = await signedInUser(server, [{ projectId: owner.project.id, role: 'publisher' }]);
});
afterAll(() => receiver.close());

type Delivery = {
  id: string;
  eventType: string;
  entryId: string | null;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
};

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return server.app.inject({
    method,
    url,
    headers: { ...publisher.headers, 'shiplog-project': owner.project.slug },
    ...(payload ? { payload } : {}),
  });
}

async function webhookChannel(path: string): Promise<{ id: string; secret: string }> {
  const res = await call('POST', '/api/v1/channels', { type: 'webhook', url: `${receiver.base}${path}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().channel;
}

/** The channel's delivery `id` once it is no longer pending (bounded wait). */
async function settled(channelId: string, id: string): Promise<Delivery> {
  let found: Delivery | undefined;
  await expect
    .poll(
      async () => {
        const log: Delivery[] = (await call('GET', `/api/v1/channels/${channelId}/deliveries`)).json()
          .deliveries;
        found = log.find((d) => d.id === id);
        return found?.status;
      },
      { timeout: 15_000 },
    )
    .not.toBe('pending');
  return found!;
}

const verify = (secret: string, received: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as {
    type: string;
    data: { project: { slug: string } };
  };

describe('channel actions', () => {
  it('Send test delivers a signed ping through the delivery job, shown in the log', async () => {
    const channel = await webhookChannel('/ping');
    const sent = await call('POST', `/api/v1/channels/${channel.id}/test`);
    expect(sent.statusCode).toBe(202);
    const delivery: Delivery = sent.json().delivery;
    expect(delivery).toMatchObject({ eventType: 'ping', entryId: null, status: 'pending', attempts: 0 });

    const [received] = await receiver.receivedAt('/ping', 1);
    expect(received!.headers['webhook-id']).toBe(delivery.id);
    const event = verify(channel.secret, received!);
    expect(event.type).toBe('ping');
    expect(event.data.project.slug).toBe(owner.project.slug);
    expect(await settled(channel.id, delivery.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatus: 204,
      lastError: null,
      nextAttemptAt: null,
    });
  });

  it('shows when a retry is due, and Retry sends a failed delivery again with the same webhook-id', async () => {
    const channel = await webhookChannel('/flaky');
    receiver.script.set('/flaky', [503]);
    const first: Delivery = (await call('POST', `/api/v1/channels/${channel.id}/test`)).json().delivery;
    await receiver.receivedAt('/flaky', 1);
    let pending: Delivery | undefined;
    await expect
      .poll(async () => {
        const log: Delivery[] = (await call('GET', `/api/v1/channels/${channel.id}/deliveries`)).json()
          .deliveries;
        pending = log.find((d) => d.id === first.id);
        return pending?.attempts;
      })
      .toBe(1);
    expect(pending).toMatchObject({ status: 'pending', lastStatus: 503, lastError: 'HTTP 503' });
    expect(Date.parse(pending!.nextAttemptAt!)).toBeGreaterThan(Date.now());
    expect(
      (await call('POST', `/api/v1/channels/${channel.id}/deliveries/${first.id}/retry`)).statusCode,
    ).toBe(409);

    const gone = await webhookChannel('/refuses');
    receiver.script.set('/refuses', [400]);
    const test: Delivery = (await call('POST', `/api/v1/channels/${gone.id}/test`)).json().delivery;
    expect(await settled(gone.id, test.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatus: 400,
      lastError: 'HTTP 400',
      nextAttemptAt: null,
    });
    const retried = await call('POST', `/api/v1/channels/${gone.id}/deliveries/${test.id}/retry`);
    expect(retried.statusCode).toBe(202);
    expect(retried.json().delivery).toMatchObject({ id: test.id, status: 'pending', attempts: 1 });
    const [attempt1, attempt2] = await receiver.receivedAt('/refuses', 2);
    expect(attempt2!.headers['webhook-id']).toBe(attempt1!.headers['webhook-id']);
    expect(verify(gone.secret, attempt2!).type).toBe('ping');
    expect(await settled(gone.id, test.id)).toMatchObject({ status: 'delivered', attempts: 2 });

    const again = await call('POST', `/api/v1/channels/${gone.id}/deliveries/${test.id}/retry`);
    expect(again.statusCode).toBe(409);
    const unknown = await call('POST', `/api/v1/channels/${gone.id}/deliveries/msg_nope/retry`);
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await call('POST', `/api/v1/channels/${channel.id}/deliveries/${test.id}/retry`);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('a disabled channel gets no delivery, nor a test, until enabled again', async () => {
    const channel = await webhookChannel('/paused');
    const disabled = await call('PATCH', `/api/v1/channels/${channel.id}`, { enabled: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().channel.disabledAt).not.toBeNull();
    expect((await call('POST', `/api/v1/channels/${channel.id}/test`)).statusCode).toBe(409);
    await createEntry(
      server.app,
      { ...publisher.headers, 'shiplog-project': owner.project.slug },
      {
        title: 'While paused',
        publish: true,
      },
    );
    await jobsSettled(server.db.sql, ['entry-published']);
    const enabled = await call('PATCH', `/api/v1/channels/${channel.id}`, { enabled: true });
    expect(enabled.json().channel).toMatchObject({ disabledAt: null, disabledReason: null });
    const test: Delivery = (await call('POST', `/api/v1/channels/${channel.id}/test`)).json().delivery;
    await settled(channel.id, test.id);
    const log: Delivery[] = (await call('GET', `/api/v1/channels/${channel.id}/deliveries`)).json()
      .deliveries;
    expect(log.map((d) => d.eventType)).toEqual(['ping']);
    expect(receiver.received.filter((r) => r.path === '/paused')).toHaveLength(1);
  });
});

describe('Send test and the SSRF guard', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
  });
  afterAll(() => guarded.close());

  it('refuses a loopback target at delivery as at creation when private destinations are not allowed', async () => {
    const { project, headers } = await guarded.project('pro');
    const created = await guarded.app.inject({
      method: 'POST',
      url: '/api/v1/channels',
      headers,
      payload: { type: 'webhook', url: `${receiver.base}/private` },
    });
    expect(created.statusCode).toBe(400);
    // A channel stored before the operator took the permission back.
    await guarded.db.sql`
      insert into channels (id, project_id, type, name, url, visibility, secret)
      values ('chn_private', ${project.id}, 'webhook', 'old', ${`${receiver.base}/private`}, 'external', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')`;
    const sent = await guarded.app.inject({
      method: 'POST',
      url: '/api/v1/channels/chn_private/test',
      headers,
    });
    expect(sent.statusCode).toBe(202);
    await expect
      .poll(
        async () =>
          (await guarded.app.inject({ url: '/api/v1/channels/chn_private/deliveries', headers })).json()
            .deliveries[0].lastError,
        { timeout: 15_000 },
      )
      .toBe('destination not allowed');
    expect(receiver.received.filter((r) => r.path === '/private')).toHaveLength(0);
  });
});
