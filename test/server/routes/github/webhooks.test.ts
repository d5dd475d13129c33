/**
 * POST /api/github/webhooks over `inject` (docs/github-app.md#github-app): the signature is checked on the
 * exact bytes (401 otherwise), a delivery is answered 202 and queued as a job, a redelivery of the same
 * X-GitHub-Delivery is not queued again, events the App does not handle are dropped, and the queued job
 * runs the App (the sticky comment reaches a mocked GitHub). Bodies are bounded (2 MiB) and refused
 * before they are read when unsigned or declared too long; failed signatures are limited per address.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkRepository } from '../../../../server/services/github/manage-links.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import {
  appEnv,
  captureComment,
  mockDraftingCalls,
  mockAppAuth,
  QuietOctokit,
  signBody,
} from '../../../helpers/github-app.ts';
import { webhookExample } from '../../../helpers/webhook-examples.ts';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer(appEnv(), { githubOctokit: QuietOctokit });
  const { project } = await server.project('pro');
  await linkRepository(server.db.sql, 'Codertocat/Hello-World', project.slug);
});
afterAll(() => server.close());

const deliver = (body: string, headers: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/github/webhooks',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
const queued = async (id: string) =>
  (
    await server.db
      .sql`select count(*)::int as n from pgboss.job where name = 'github-webhook' and data->>'id' = ${id}`
  )[0]!.n as number;

describe('POST /api/github/webhooks', () => {
  const payload = webhookExample('pull_request', 'opened', (e) => Boolean(e.installation));
  // GitHub's own bytes: spacing a re-serialisation would not keep.
  const body = JSON.stringify(payload, null, 2);

  it('refuses a missing, forged or stale signature with 401 and queues nothing', async () => {
    const event = { 'x-github-event': 'pull_request' };
    for (const [name, headers] of Object.entries({
      missing: { ...event, 'x-github-delivery': 'bad-1' },
      'other secret': {
        ...event,
        'x-github-delivery': 'bad-2',
        'x-hub-signature-256': signBody(body, 'guess'),
      },
      'other body': {
        ...event,
        'x-github-delivery': 'bad-3',
        'x-hub-signature-256': signBody(JSON.stringify(payload)),
      },
      garbage: { ...event, 'x-github-delivery': 'bad-4', 'x-hub-signature-256': 'sha256=zz' },
    })) {
      const res = await deliver(body, headers);
      expect(res.statusCode, name).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized', status: 401 });
      expect(await queued(headers['x-github-delivery'])).toBe(0);
    }
  });

  it('answers 202, runs the delivery as a job, and does not queue a redelivery twice', async () => {
    const comment = captureComment('post');
    const scopes = [
      mockAppAuth(),
      ...mockDraftingCalls({
        commitList: [{ sha: 'a'.repeat(40), commit: { message: 'feat: search as you type' } }],
      }),
      comment.scope,
    ];
    const headers = {
      'x-github-event': 'pull_request',
      'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'x-hub-signature-256': signBody(body),
    };
    const first = await deliver(body, headers);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'queued' });
    const again = await deliver(body, headers);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ status: 'duplicate' });
    expect(await queued(headers['x-github-delivery'])).toBe(1);

    await expect.poll(() => scopes.every((s) => s.isDone()), { timeout: 15_000, interval: 100 }).toBe(true);
    expect(comment.captured.body).toMatch(/^<!-- shiplog:draft -->/);
  });

  it('drops events the App does not handle, and wants the delivery headers', async () => {
    const star = JSON.stringify({ action: 'created', repository: payload.repository });
    const res = await deliver(star, {
      'x-github-event': 'star',
      'x-github-delivery': 'star-1',
      'x-hub-signature-256': signBody(star),
    });
    expect(res.json()).toEqual({ status: 'ignored' });
    expect(await queued('star-1')).toBe(0);

    const noId = await deliver(body, {
      'x-github-event': 'pull_request',
      'x-hub-signature-256': signBody(body),
    });
    expect(noId.statusCode).toBe(400);
  });

  it('refuses failed signatures from an address with 429 after 20 a minute, other addresses unaffected', async () => {
    const forged = (remoteAddress: string, n: number) =>
      server.app.inject({
        method: 'POST',
        url: '/api/github/webhooks',
        remoteAddress,
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'pull_request',
          'x-github-delivery': `forged-${remoteAddress}-${n}`,
          ...(n % 2 ? { 'x-hub-signature-256': signBody(body, 'guess') } : {}),
        },
        payload: body,
      });
    for (let n = 0; n < 20; n++) expect((await forged('203.0.113.7', n)).statusCode).toBe(401);
    const limited = await forged('203.0.113.7', 20);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-policy']).toBe('"webhook-signature-failures";q=20;w=60');
    // Even a good signature waits out the limit from that address; another address is not limited.
    const good = await server.app.inject({
      method: 'POST',
      url: '/api/github/webhooks',
      remoteAddress: '203.0.113.7',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'star',
        'x-github-delivery': 'limited-good',
        'x-hub-signature-256': signBody(body),
      },
      payload: body,
    });
    expect(good.statusCode).toBe(429);
    expect((await forged('203.0.113.8', 1)).statusCode).toBe(401);
  });

  describe('over a socket', () => {
    let port: number;
    beforeAll(async () => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      port = (server.app.server.address() as AddressInfo).port;
    });

    /**
     * Send the request head and the first `sent` bytes of a body declared (or, with `chunked`, sent)
     * as 24 MB, then wait for the status line without sending the rest. A server that read the whole
     * body first would never answer: that is reported as `null` after 10 s.
     */
    const partialPost = (headers: Record<string, string>, sent: number, chunked = false) =>
      new Promise<number | null>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const timer = setTimeout(() => {
          socket.destroy();
          resolve(null);
        }, 10_000);
        let answer = '';
        socket.on('data', (d) => {
          answer += d;
          const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
          if (status) {
            clearTimeout(timer);
            socket.destroy();
            resolve(Number(status[1]));
          }
        });
        socket.on('error', (err) => (answer ? undefined : reject(err)));
        const head = Object.entries({
          host: '127.0.0.1',
          'content-type': 'application/json',
          'x-github-event': 'pull_request',
          'x-github-delivery': `big-${Math.random()}`,
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(24 * 1024 * 1024) }),
          ...headers,
        })
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('');
        socket.write(`POST /api/github/webhooks HTTP/1.1\r\n${head}\r\n`);
        const part = Buffer.alloc(sent, 'a');
        socket.write(chunked ? `${sent.toString(16)}\r\n${part.toString()}\r\n` : part);
      });

    it('answers an unsigned 24 MB post 401 before reading its body', async () => {
      expect(await partialPost({}, 64 * 1024)).toBe(401);
      expect(await partialPost({ 'x-hub-signature-256': 'sha256=short' }, 64 * 1024)).toBe(401);
    });

    it('answers a signed post declaring more than 2 MiB 413 before reading its body', async () => {
      expect(await partialPost({ 'x-hub-signature-256': signBody('x') }, 64 * 1024)).toBe(413);
    });

    it('cuts a chunked signed body off at 2 MiB with 413', async () => {
      expect(await partialPost({ 'x-hub-signature-256': signBody('x') }, 2 * 1024 * 1024 + 1, true)).toBe(
        413,
      );
    });
  });

  it('is not mounted when the App is not configured', async () => {
    const plain = await buildTestServer({}, { workers: false });
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/github/webhooks', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
