/**
 * Channels (docs/api.md#channels-key-authenticated): a publish reaches Slack, Discord and signed webhooks,
 * real HTTP receivers on loopback (allowed here by SHIPLOG_ALLOW_PRIVATE_DESTINATIONS), through the
 * job queue. Signatures are verified with the `standardwebhooks` package; a 500 is retried with the
 * same webhook-id, a 410 disables the channel; internal entries reach only channels set to `all`; the
 * list never shows a secret; a project has at most 20 channels.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, useTestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { type Receiver, startReceiver } from '../../../helpers/receiver.ts';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver({ status: 200 });
});
afterAll(() => receiver.close());
const { server, headers } = useTestServer({ SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true' });

const addChannel = async (payload: object) => {
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/channels', headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().channel;
};
describe('channels', () => {
  it('deliver a publish to Slack, Discord and a signed webhook; internal entries only to `all`', async () => {
    const hook = await addChannel({
      type: 'webhook',
      url: `${receiver.base}/hook`,
      visibility: 'all',
      name: 'CI',
    });
    expect(hook.secret).toMatch(/^whsec_/);
    await addChannel({ type: 'slack', url: `${receiver.base}/slack/T000/B000/XXXX` });
    await addChannel({ type: 'discord', url: `${receiver.base}/discord/123/abc` });
    const list = (await server.app.inject({ url: '/api/v1/channels', headers })).json().channels;
    expect(list).toHaveLength(3);
    expect(JSON.stringify(list)).not.toContain('whsec_');
    expect(JSON.stringify(list)).not.toContain('XXXX');

    const id = await createEntry(server.app, headers, {
      title: 'Dark mode',
      body: 'Toggle it in **Settings**.',
      version: '1.4.0',
      publish: true,
    });
    const [webhook] = await receiver.receivedAt('/hook', 1);
    const verified = new Webhook(hook.secret).verify(
      webhook!.body,
      webhook!.headers as Record<string, string>,
    ) as any;
    expect(verified).toMatchObject({
      type: 'entry.published',
      data: { entry: { id, title: 'Dark mode', version: '1.4.0' } },
    });
    expect(verified.data.entry.url).toMatch(/\/changelog\/.+\/dark-mode$/);
    const [slack] = await receiver.receivedAt('/slack/T000/B000/XXXX', 1);
    const blocks = JSON.parse(slack!.body).blocks;
    expect(blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: '1.4.0: Dark mode', emoji: true },
    });
    expect(blocks[1].text.text).toContain('Toggle it in Settings.');
    const [discord] = await receiver.receivedAt('/discord/123/abc', 1);
    expect(JSON.parse(discord!.body).embeds[0]).toMatchObject({ title: '1.4.0: Dark mode' });

    await createEntry(server.app, headers, { title: 'Team only', visibility: 'internal', publish: true });
    await receiver.receivedAt('/hook', 2);
    expect(JSON.parse(receiver.received.filter((r) => r.path === '/hook')[1]!.body).data.entry.title).toBe(
      'Team only',
    );
    // Slack and Discord are `external`: they never see it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received.filter((r) => r.path.startsWith('/slack'))).toHaveLength(1);
    expect(receiver.received.filter((r) => r.path.startsWith('/discord'))).toHaveLength(1);
  });

  it(
    'retries a 500 and a 429 after the first 5 s of the schedule, with the same webhook-id, and logs it',
    { timeout: 60_000 },
    async () => {
      const flaky = await addChannel({ type: 'webhook', url: `${receiver.base}/flaky` });
      const busy = await addChannel({ type: 'webhook', url: `${receiver.base}/busy` });
      receiver.script.set('/flaky', [500]);
      receiver.script.set('/busy', [429]);
      await createEntry(server.app, headers, { title: 'Eventually', publish: true });
      for (const [path, hook] of [
        ['/flaky', flaky],
        ['/busy', busy],
      ] as const) {
        const attempts = await receiver.receivedAt(path, 2, 30_000);
        expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
        for (const a of attempts)
          new Webhook(hook.secret).verify(a.body, a.headers as Record<string, string>);
        let deliveries: any[] = [];
        for (let i = 0; i < 100 && deliveries[0]?.status !== 'delivered'; i++) {
          deliveries = (
            await server.app.inject({ url: `/api/v1/channels/${hook.id}/deliveries`, headers })
          ).json().deliveries;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 });
      }
    },
  );

  it('delivers once when the dispatch runs again (its job retried after the deliveries committed)', async () => {
    const hook = await addChannel({ type: 'webhook', url: `${receiver.base}/once` });
    const id = await createEntry(server.app, headers, { title: 'Only once', publish: true });
    await receiver.receivedAt('/once', 1);
    const settled = async () => {
      for (let i = 0; i < 200; i++) {
        const [row] = await server.db.sql<{ state: string }[]>`
          select state from pgboss.job where name = 'entry-published' and data->>'entryId' = ${id}`;
        if (row?.state === 'completed') return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the dispatch did not complete');
    };
    await settled();
    // As when the job's completion was lost: pg-boss runs the same job again.
    await server.db.sql`
      update pgboss.job set state = 'created', start_after = now(), started_on = null, completed_on = null
      where name = 'entry-published' and data->>'entryId' = ${id}`;
    await settled();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received.filter((r) => r.path === '/once')).toHaveLength(1);
    const deliveries = (
      await server.app.inject({ url: `/api/v1/channels/${hook.id}/deliveries`, headers })
    ).json().deliveries;
    expect(deliveries).toHaveLength(1);
  });

  it('disables a channel that answers 410', async () => {
    const hook = await addChannel({ type: 'webhook', url: `${receiver.base}/gone` });
    receiver.script.set('/gone', [410]);
    await createEntry(server.app, headers, { title: 'Anyone there?', publish: true });
    await receiver.receivedAt('/gone', 1);
    let channel: any;
    for (let i = 0; i < 100 && !channel?.disabledAt; i++) {
      channel = (await server.app.inject({ url: '/api/v1/channels', headers }))
        .json()
        .channels.find((c: any) => c.id === hook.id);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(channel.disabledReason).toMatch(/410/);
    await createEntry(server.app, headers, { title: 'Not delivered', publish: true });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received.filter((r) => r.path === '/gone')).toHaveLength(1);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/v1/channels/${hook.id}`, headers })).statusCode,
    ).toBe(204);
    expect(
      (await server.app.inject({ url: `/api/v1/channels/${hook.id}/deliveries`, headers })).statusCode,
    ).toBe(404);
  });
});

describe('limit', () => {
  it('refuses a 21st channel of a project with 409, even when two are created at once', async () => {
    const { headers: h } = await server.project('pro');
    const create = (n: number) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/channels',
        headers: h,
        payload: { type: 'webhook', url: `${receiver.base}/limit/${n}` },
      });
    for (let n = 0; n < 19; n++) expect((await create(n)).statusCode).toBe(201);
    const both = await Promise.all([create(19), create(20)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: 'conflict', status: 409 });
    expect(refused.detail).toMatch(/at most 20 channels.*delete one/);
    const list = (await server.app.inject({ url: '/api/v1/channels', headers: h })).json().channels;
    expect(list).toHaveLength(20);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/v1/channels/${list[0].id}`, headers: h }))
        .statusCode,
    ).toBe(204);
    expect((await create(21)).statusCode).toBe(201);
  });
});

describe('destinations', () => {
  it('refuses private, loopback, link-local and numeric-form addresses unless allowed', async () => {
    const strict = await buildTestServer();
    try {
      const { headers: h } = await strict.project('pro');
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://127.1/hook',
        'https://0x7f.0.0.1/hook',
        'https://2130706433/hook',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://10.0.0.8/hook',
        'https://192.168.1.10/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://100.64.0.1/hook',
        'https://0.0.0.0/hook',
        'https://localhost/hook',
        'https://user:pass@hooks.example.com/x',
        'not a url',
      ]) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/channels',
          headers: h,
          payload: { type: 'webhook', url },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors[0].pointer).toBe('/url');
      }
      // Checked again at delivery: a stored channel whose name now resolves to loopback is not called.
      const { project, headers: owner } = await strict.project('pro');
      await strict.db.sql`
        insert into channels (id, project_id, type, name, url, visibility, secret)
        values ('chn_rebound', ${project.id}, 'webhook', 'Rebound', ${`https://localhost:${receiver.base.split(':').at(-1)}/rebound`}, 'external', 'whsec_dGVzdA==')`;
      await createEntry(strict.app, owner, { title: 'To nowhere', publish: true });
      let deliveries: any[] = [];
      for (let i = 0; i < 100 && deliveries[0]?.status !== 'failed'; i++) {
        deliveries = (
          await strict.app.inject({ url: '/api/v1/channels/chn_rebound/deliveries', headers: owner })
        ).json().deliveries;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(deliveries[0]).toMatchObject({ status: 'failed', lastError: 'destination not allowed' });
      expect(receiver.received.filter((r) => r.path === '/rebound')).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});
