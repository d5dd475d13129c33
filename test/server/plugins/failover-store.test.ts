/**
 * A Redis outage degrades rate limits to per-process counters instead of failing requests, /readyz
 * says so, and the shared store is used again once Redis is back (docs/api.md#public-engagement-no-key-cors-).
 * The outage is real: the server reaches the real Redis through a TCP relay this test cuts and restores.
 */
import { createServer, type Server, type Socket, connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { NEEDS_REDIS, TEST_REDIS_URL, testRedisAddress } from '../../helpers/test-redis.ts';

const REDIS = TEST_REDIS_URL ? testRedisAddress() : { host: '127.0.0.1', port: 0 };
let relay: Server | undefined;
const sockets = new Set<Socket>();
let relayPort = 0;

async function openRelay(): Promise<void> {
  relay = createServer((client) => {
    const upstream = connect(REDIS);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay!.listen(relayPort, '127.0.0.1', resolve));
  relayPort = (relay.address() as { port: number }).port;
}
async function cutRelay(): Promise<void> {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => relay!.close(resolve));
}

let server: TestServer;
const prefix = `shiplog-failover-${process.pid}:`;

async function readiness(): Promise<Record<string, string>> {
  return (await server.app.inject('/readyz')).json();
}
/** Poll /readyz until it reports `status` (bounded: ioredis reconnects within about 2 s). */
async function waitForStatus(status: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await readiness()).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`readyz never reported ${status}`);
}

let n = 0;
const subscribe = (project: string, ip: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/subscribe',
    remoteAddress: ip,
    payload: { project, email: `f${++n}@example.com` },
  });

describe.skipIf(!TEST_REDIS_URL)(`a Redis outage ${NEEDS_REDIS}`, () => {
  beforeAll(async () => {
    await openRelay();
    server = await buildTestServer({ REDIS_URL: `redis://127.0.0.1:${relayPort}`, REDIS_PREFIX: prefix });
    await waitForStatus('ok');
  });
  afterAll(async () => {
    await server.close();
    await cutRelay().catch(() => {});
    const redis = new Redis(REDIS);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('reads failure counts from Redis: failures another process recorded there refuse this one', async () => {
    const badKey = (ip: string) =>
      server.app.inject({
        url: '/api/v1/entries',
        remoteAddress: ip,
        headers: { authorization: 'Bearer shl_not_a_key' },
      });
    const key = `${prefix}rl:auth-failures:192.0.2.80`;
    const redis = new Redis(REDIS);
    try {
      expect((await badKey('192.0.2.80')).statusCode).toBe(401);
      expect(await redis.get(key)).toBe('1');
      // As if other processes had recorded the rest of the limit (60 a minute) in the same window.
      await redis.set(key, '60', 'KEEPTTL');
      const refused = await badKey('192.0.2.80');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await redis.get(key)).toBe('60');
      expect((await badKey('192.0.2.81')).statusCode).toBe(401);
    } finally {
      await redis.quit();
    }
  });

  it('counts in Redis under readable keys, keeps answering during an outage, and returns to Redis', async () => {
    const { project } = await server.project('pro');
    expect(await readiness()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    expect((await subscribe(project.slug, '192.0.2.50')).statusCode).toBe(202);
    const redis = new Redis(REDIS);
    try {
      expect(await redis.keys(`${prefix}*`)).toContain(`${prefix}rl:subscribe:192.0.2.50`);

      await cutRelay();
      // Every request is answered at once, with limits counted in this process: 8, then 429.
      const statuses = [];
      for (let i = 0; i < 9; i++) statuses.push((await subscribe(project.slug, '192.0.2.60')).statusCode);
      expect(statuses).toEqual([...Array(8).fill(202), 429]);
      expect(await readiness()).toEqual({ status: 'degraded', database: 'ok', redis: 'unavailable' });
      expect((await server.app.inject('/readyz')).statusCode).toBe(200);

      await openRelay();
      await waitForStatus('ok');
      expect((await subscribe(project.slug, '192.0.2.70')).statusCode).toBe(202);
      expect(await redis.get(`${prefix}rl:subscribe:192.0.2.70`)).toBe('1');
    } finally {
      await redis.quit();
    }
  });
});
