/**
 * Public rate limits (docs/api.md#public-engagement-no-key-cors-): 429 problem with Retry-After and the draft
 * RateLimit headers; X-Forwarded-For only behind a trusted proxy; IPv6 by /64. One limit across two
 * server processes sharing Redis: test/faults/rate-limits-two-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

let server: TestServer;
let slug: string;
beforeAll(async () => {
  server = await buildTestServer();
  slug = (await server.project('pro')).project.slug;
});
afterAll(() => server.close());

let n = 0;
const subscribe = (app: TestServer['app'], remoteAddress: string, extra: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/subscribe',
    remoteAddress,
    headers: extra,
    payload: { project: slug, email: `reader${++n}@example.com` },
  });

describe('subscribe: 8 per 10 minutes per client', () => {
  it('refuses the 9th with 429 rate_limited, Retry-After and the RateLimit headers', async () => {
    for (let i = 0; i < 8; i++) {
      const ok = await subscribe(server.app, '198.51.100.1');
      expect(ok.statusCode).toBe(202);
      expect(ok.headers['ratelimit-policy']).toBe('"subscribe";q=8;w=600');
      expect(ok.headers.ratelimit).toMatch(new RegExp(`^"subscribe";r=${7 - i};t=\\d+$`));
    }
    const limited = await subscribe(server.app, '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      status: 429,
      type: '/docs/errors#rate_limited',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(limited.headers['ratelimit-policy']).toBe('"subscribe";q=8;w=600');
    expect(limited.headers.ratelimit).toMatch(/^"subscribe";r=0;t=\d+$/);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
  });

  it('ignores a rotating X-Forwarded-For without TRUST_PROXY', async () => {
    const statuses = [];
    for (let i = 0; i < 9; i++)
      statuses.push(
        (await subscribe(server.app, '198.51.100.2', { 'x-forwarded-for': `192.0.2.${i + 1}` })).statusCode,
      );
    expect(statuses.slice(0, 8).every((s) => s === 202)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('counts IPv6 clients by their /64', async () => {
    for (let i = 0; i < 8; i++)
      expect((await subscribe(server.app, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(202);
    expect((await subscribe(server.app, '2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await subscribe(server.app, '2001:db8:1:3::1')).statusCode).toBe(202);
  });
});

describe('behind a trusted proxy', () => {
  it('counts the client address from X-Forwarded-For', async () => {
    const proxied = await buildTestServer({ TRUST_PROXY: '127.0.0.1' });
    try {
      const { project } = await proxied.project('pro');
      const send = (xff: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/subscribe',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': xff },
          payload: { project: project.slug, email: `p${++n}@example.com` },
        });
      for (let i = 0; i < 8; i++) expect((await send('192.0.2.10')).statusCode).toBe(202);
      expect((await send('192.0.2.10')).statusCode).toBe(429);
      expect((await send('192.0.2.11')).statusCode).toBe(202);

      // A client that connects directly, not through the proxy, cannot choose its address.
      const direct = (xff: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/subscribe',
          remoteAddress: '198.51.100.77',
          headers: { 'x-forwarded-for': xff },
          payload: { project: project.slug, email: `d${++n}@example.com` },
        });
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await direct(`203.0.113.${i + 1}`)).statusCode);
      expect(statuses.filter((s) => s === 202)).toHaveLength(8);
    } finally {
      await proxied.close();
    }
  });
});
