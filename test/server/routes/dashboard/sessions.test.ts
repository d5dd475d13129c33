/**
 * Sign-in, sessions and passwords over HTTP (docs/api.md#accounts-and-sessions): the
 * cookie's attributes, the same answer for an unknown email and a wrong password, the limits on
 * failures, sign-out ending the session on the server, 30 idle days, and a password change ending the
 * other sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createUser, PASSWORD, sessionCookieOf, signIn } from '../../../helpers/dashboard.ts';

let server: TestServer;
let origin: string;

beforeAll(async () => {
  // X-Forwarded-For from loopback is believed, so each test's failures come from addresses of its own.
  server = await buildTestServer({ TRUST_PROXY: '127.0.0.1' }, { workers: false });
  origin = new URL(server.config.publicUrl).origin;
});
afterAll(() => server.close());

const signInRequest = (email: string, password: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/dashboard/sign-in',
    headers: { origin, ...headers },
    payload: { email, password },
  });
const sessionOf = (cookie: string) =>
  server.app.inject({ url: '/api/dashboard/session', headers: { cookie } });

describe('sign-in', () => {
  it('sets an HttpOnly, SameSite=Lax, Secure (https PUBLIC_URL) cookie for / and 30 days; GET session answers', async () => {
    const user = await createUser(server);
    const res = await signInRequest(user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^shiplog_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const session = await sessionOf(sessionCookieOf(res.headers['set-cookie']));
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({
      user: { id: user.id, email: user.email },
      csrfToken: res.json().csrfToken,
      projects: [],
    });
    // The database holds the token's hash only.
    const token = sessionCookieOf(res.headers['set-cookie']).split('=')[1]!;
    const [found] = await server.db
      .sql`select count(*)::int as n from sessions where token_hash = ${Buffer.from(token)}`;
    expect(found!.n).toBe(0);
  });

  it('answers an unknown email exactly as a wrong password', async () => {
    const user = await createUser(server);
    const wrong = await signInRequest(user.email, 'not the password at all');
    const unknown = await signInRequest('nobody-here@example.com', 'not the password at all');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json().detail).toBe('The email or the password is wrong');
  });

  it('without a session, GET session is 401 and a made-up cookie is 401 too', async () => {
    expect((await server.app.inject('/api/dashboard/session')).statusCode).toBe(401);
    expect((await sessionOf(`shiplog_session=${'x'.repeat(43)}`)).statusCode).toBe(401);
  });
});

describe('limits on failed sign-ins', () => {
  it('per account: the 11th try in 15 minutes after 10 failures is 429 with Retry-After, even with the right password', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 10; i++) {
      const res = await signInRequest(user.email, 'wrong password!', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await signInRequest(user.email, PASSWORD, { 'x-forwarded-for': '203.0.113.99' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-policy']).toBe('"sign-in-account";q=10;w=900');
    // An unknown address is limited the same way, so the limit tells nothing either.
    for (let i = 0; i < 10; i++) {
      await signInRequest('ghost@example.com', 'wrong password!', { 'x-forwarded-for': `198.51.100.${i}` });
    }
    const ghost = await signInRequest('ghost@example.com', 'wrong password!', {
      'x-forwarded-for': '198.51.100.99',
    });
    expect(ghost.statusCode).toBe(429);
  });

  it('per client address: after 10 failures on any accounts, the address is refused (429) before any check', async () => {
    const address = { 'x-forwarded-for': '192.0.2.7' };
    for (let i = 0; i < 10; i++) {
      expect((await signInRequest(`someone${i}@example.com`, 'wrong password!', address)).statusCode).toBe(
        401,
      );
    }
    const user = await createUser(server);
    const limited = await signInRequest(user.email, PASSWORD, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['ratelimit-policy']).toBe('"sign-in-ip";q=10;w=900');
    // Another address signs in to the same account as usual.
    expect((await signInRequest(user.email, PASSWORD, { 'x-forwarded-for': '192.0.2.8' })).statusCode).toBe(
      200,
    );
  });
});

describe('sessions', () => {
  it('sign-out deletes the session on the server: the same cookie is refused afterwards', async () => {
    const user = await signIn(server, (await createUser(server)).email);
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/dashboard/sign-out',
      headers: user.headers,
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^shiplog_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/,
    );
    expect((await sessionOf(user.cookie)).statusCode).toBe(401);
    const [row] = await server.db.sql`select count(*)::int as n from sessions where user_id = ${user.id}`;
    expect(row!.n).toBe(0);
  });

  it('ends after 30 idle days; a session used within them slides on (written at most once an hour)', async () => {
    const user = await signIn(server, (await createUser(server)).email);
    await server.db
      .sql`update sessions set last_seen_at = now() - interval '29 days' where user_id = ${user.id}`;
    const used = await sessionOf(user.cookie);
    expect(used.statusCode).toBe(200);
    // The expiry moved: the row's clock restarted and the cookie was sent again for 30 more days.
    expect(String(used.headers['set-cookie'])).toMatch(/^shiplog_session=.*Max-Age=2592000/);
    const [seen] = await server.db.sql<{ ageSeconds: number }[]>`
      select extract(epoch from now() - last_seen_at)::int as age_seconds from sessions where user_id = ${user.id}`;
    expect(seen!.ageSeconds).toBeLessThan(60);
    // Used again at once: nothing to write, no cookie sent.
    expect((await sessionOf(user.cookie)).headers['set-cookie']).toBeUndefined();

    await server.db
      .sql`update sessions set last_seen_at = now() - interval '30 days 1 minute' where user_id = ${user.id}`;
    expect((await sessionOf(user.cookie)).statusCode).toBe(401);
  });

  it('a password change ends every other session of the user, keeps this one, and the new password works', async () => {
    const account = await createUser(server);
    const here = await signIn(server, account.email);
    const elsewhere = await signIn(server, account.email);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/dashboard/password',
      headers: here.headers,
      payload: { current: 'not my password', password: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ pointer: '/current', detail: 'Is not your current password' }]);
    expect((await sessionOf(elsewhere.cookie)).statusCode).toBe(200);

    const res = await server.app.inject({
      method: 'POST',
      url: '/api/dashboard/password',
      headers: here.headers,
      payload: { current: PASSWORD, password: 'a brand new password' },
    });
    expect(res.statusCode).toBe(204);
    expect((await sessionOf(elsewhere.cookie)).statusCode).toBe(401);
    expect((await sessionOf(here.cookie)).statusCode).toBe(200);
    expect((await signInRequest(account.email, PASSWORD)).statusCode).toBe(401);
    expect((await signInRequest(account.email, 'a brand new password')).statusCode).toBe(200);
  });
});
