import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '3' });
});
afterAll(() => server.close());

it('limits each API key separately, with draft RateLimit headers and a 429 problem', async () => {
  const a = await server.project();
  const b = await server.project();
  for (let i = 0; i < 3; i++) {
    const ok = await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers: a.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['ratelimit-policy']).toBe('"api";q=3;w=60');
    expect(ok.headers.ratelimit).toMatch(new RegExp(`^"api";r=${2 - i};t=\\d+$`));
  }
  const limited = await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers: a.headers });
  expect(limited.statusCode).toBe(429);
  expect(limited.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(limited.json()).toMatchObject({ code: 'rate_limited', status: 429 });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.headers['ratelimit-policy']).toBe('"api";q=3;w=60');
  expect(limited.headers.ratelimit).toMatch(/^"api";r=0;t=\d+$/);

  // The limiter answers before an Idempotency-Key is claimed, so nothing is stored for it (the plugin's
  // own handling of a later 429 is tested in idempotency.test.ts).
  const withKey = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries',
    headers: { ...a.headers, 'idempotency-key': 'k' },
    payload: { title: 't', body: 'b' },
  });
  expect(withKey.statusCode).toBe(429);
  const [row] = await server.db.sql`select count(*)::int as n from idempotency_keys where key = 'k'`;
  expect(row!.n).toBe(0);

  expect(
    (await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers: b.headers })).statusCode,
  ).toBe(200);
});

it('refuses an address after 60 failed authentications a minute, before any key lookup', async () => {
  const { headers } = await server.project();
  const attempt = (ip: string, authorization: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v1/entries',
      remoteAddress: ip,
      headers: { authorization },
    });
  const unknown = (i: number) => `Bearer shl_${String(i).padStart(36, '0')}`;
  for (let i = 0; i < 60; i++) expect((await attempt('203.0.113.9', unknown(i))).statusCode).toBe(401);
  const refused = await attempt('203.0.113.9', unknown(61));
  expect(refused.statusCode).toBe(429);
  expect(refused.json().code).toBe('rate_limited');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.headers['ratelimit-policy']).toBe('"auth-failures";q=60;w=60');
  // Another address is unaffected, and successes from it count nothing.
  expect((await attempt('203.0.113.10', headers.authorization!)).statusCode).toBe(200);
  expect((await attempt('203.0.113.10', unknown(1))).statusCode).toBe(401);
});
