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

  // A 429 is not stored against an Idempotency-Key: once the window passes, the retry runs.
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
