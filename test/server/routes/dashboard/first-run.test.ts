/**
 * The first run (docs/api.md#first-run): while no account exists, only a setup link creates the
 * first account (the owner) and its first project; the link works once, and no link works once an
 * account exists.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSetupLink } from '../../../../server/services/accounts/set-up-first-account.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { PASSWORD, sessionCookieOf } from '../../../helpers/dashboard.ts';

let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  origin = new URL(server.config.publicUrl).origin;
});
afterAll(() => server.close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

const setup = (token: string, overrides: object = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/dashboard/setup',
    headers: { origin },
    payload: {
      token,
      email: 'Owner@Example.com',
      password: PASSWORD,
      project: { name: 'My app', slug: 'my-app' },
      ...overrides,
    },
  });

describe('setup link', () => {
  it('is {base_url}/app/setup?token=…, checked by GET /api/dashboard/setup/:token; a made-up token is 404', async () => {
    const link = await issueSetupLink(server.db.sql, server.config.publicUrl);
    expect(link).toMatch(/^https:\/\/changelog\.test\/app\/setup\?token=[A-Za-z0-9_-]{43}$/);
    const ok = await server.app.inject(`/api/dashboard/setup/${tokenOf(link)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    const forged = await server.app.inject(`/api/dashboard/setup/${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().code).toBe('not_found');
    // Stored only as its SHA-256.
    const rows = await server.db.sql<{ tokenHash: Buffer }[]>`select token_hash from account_tokens`;
    expect(rows.map((r) => r.tokenHash.toString('hex'))).toContain(
      createHash('sha256').update(tokenOf(link)).digest('hex'),
    );
  });

  it('the password and slug rules are checked, and a refused setup leaves the link usable', async () => {
    const token = tokenOf(await issueSetupLink(server.db.sql, server.config.publicUrl));
    const short = await setup(token, { password: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ pointer: '/password', detail: 'Must be at least 12 characters' }]);
    const badSlug = await setup(token, { project: { name: 'X', slug: 'Not A Slug' } });
    expect(badSlug.statusCode).toBe(400);
    expect((await server.app.inject(`/api/dashboard/setup/${token}`)).statusCode).toBe(200);
  });

  it('creates the owner, a free project and a session; the link then works no more, nor does any other', async () => {
    const first = tokenOf(await issueSetupLink(server.db.sql, server.config.publicUrl));
    const second = tokenOf(await issueSetupLink(server.db.sql, server.config.publicUrl));
    const res = await setup(first);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      user: { id: expect.stringMatching(/^usr_/), email: 'owner@example.com' },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      projects: [
        { id: expect.stringMatching(/^prj_/), name: 'My app', slug: 'my-app', plan: 'free', role: 'owner' },
      ],
    });
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    const session = await server.app.inject({ url: '/api/dashboard/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('owner@example.com');

    expect((await setup(first)).statusCode).toBe(404);
    expect((await server.app.inject(`/api/dashboard/setup/${second}`)).statusCode).toBe(404);
    const other = await setup(second, { email: 'second@example.com', project: { name: 'B', slug: 'b' } });
    expect(other.statusCode).toBe(404);
    await expect(issueSetupLink(server.db.sql, server.config.publicUrl)).rejects.toThrow(
      /an account exists already/,
    );
    const [users] = await server.db.sql`select count(*)::int as n from users`;
    expect(users!.n).toBe(1);
  });
});
