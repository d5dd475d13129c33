/**
 * CSRF on cookie-authenticated requests (docs/api.md#accounts-and-sessions): a request that changes something
 * must carry a same-origin `Origin` and the session's `X-CSRF-Token`, on the dashboard's routes and on
 * /api/v1 alike, else `403 forbidden` and nothing changes; reads need neither; no CORS header is ever
 * sent on either.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../helpers/build-server.ts';
import { useSignedInUser } from '../../helpers/dashboard.ts';

const { server, owner: created } = useTestServer({}, { workers: false, plan: 'free' });
const memberships = () => [{ projectId: created.project.id, role: 'owner' as const }];
const owner = useSignedInUser(server, memberships);
const other = useSignedInUser(server, memberships);
let slug: string;
beforeAll(() => {
  slug = created.project.slug;
});

const countEntries = async () =>
  (await server.db.sql<{ n: number }[]>`select count(*)::int as n from entries`)[0]!.n;

describe("a cross-origin form post with the victim's cookie", () => {
  it('is refused on the dashboard and on /api/v1, and changes nothing', async () => {
    const form = {
      cookie: owner.cookie,
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const dashboard = await server.app.inject({
      method: 'POST',
      url: '/api/dashboard/projects',
      headers: form,
      payload: 'name=Pwned&slug=pwned',
    });
    expect(dashboard.statusCode).toBe(403);
    expect(dashboard.json().code).toBe('forbidden');
    const api = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: { ...form, 'shiplog-project': slug },
      payload: 'title=Pwned&body=x&publish=true',
    });
    expect(api.statusCode).toBe(403);
    expect(await countEntries()).toBe(0);
    const [projects] = await server.db.sql`select count(*)::int as n from projects where slug = 'pwned'`;
    expect(projects!.n).toBe(0);
  });
});

describe('the CSRF proofs', () => {
  const create = (headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: { 'shiplog-project': slug, ...headers },
      payload: { title: 'Hello', body: 'x' },
    });

  it("are both needed: no Origin, a foreign one, no token, a wrong one or another session's are 403", async () => {
    const { origin: _origin, ...noOrigin } = owner.headers;
    const { 'x-csrf-token': _token, ...noToken } = owner.headers;
    for (const headers of [
      noOrigin,
      { ...owner.headers, origin: 'https://changelog.test.evil.example' },
      { ...owner.headers, origin: 'http://changelog.test' },
      noToken,
      { ...owner.headers, 'x-csrf-token': 'guessed' },
      { ...owner.headers, 'x-csrf-token': other.csrfToken },
    ]) {
      const res = await create(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect(await countEntries()).toBe(0);
    const ok = await create(owner.headers);
    expect(ok.statusCode).toBe(201);
  });

  it("are checked on the dashboard's own routes, sign-in included (a forged sign-in is refused)", async () => {
    const { 'x-csrf-token': _token, ...noToken } = owner.headers;
    const patch = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/dashboard/projects/${slug}`,
        headers,
        payload: { name: 'Renamed' },
      });
    expect((await patch(noToken)).statusCode).toBe(403);
    expect((await patch({ ...owner.headers, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await patch(owner.headers)).statusCode).toBe(200);
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/dashboard/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { email: owner.email, password: 'whatever it is' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('are not asked of reads', async () => {
    const list = await server.app.inject({
      url: '/api/v1/entries',
      headers: { cookie: owner.cookie, 'shiplog-project': slug },
    });
    expect(list.statusCode).toBe(200);
    expect(
      (await server.app.inject({ url: '/api/dashboard/session', headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('CORS', () => {
  it('never applies to cookie-authenticated routes: no Access-Control-* on preflights or answers', async () => {
    for (const url of ['/api/dashboard/session', '/api/dashboard/sign-in', '/api/v1/entries']) {
      const preflight = await server.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-csrf-token',
        },
      });
      expect(
        Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-')),
        url,
      ).toEqual([]);
    }
    const answer = await server.app.inject({
      url: '/api/dashboard/session',
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
    });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});
