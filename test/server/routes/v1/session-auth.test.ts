/**
 * /api/v1 with the dashboard's session (docs/api.md#dashboard-api): the project is
 * named by `Shiplog-Project`, every plan works, the same services answer (idempotency included);
 * key-authenticated calls are unchanged and keep requiring Pro.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

let server: TestServer;
let free: { project: ProjectRow; headers: Record<string, string> };
let user: SignedInUser;

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
  free = await server.project('free');
  user = await signedInUser(server, [{ projectId: free.project.id, role: 'publisher' }]);
});
afterAll(() => server.close());

const asUser = (headers: Record<string, string> = {}) => ({
  ...user.headers,
  'shiplog-project': free.project.slug,
  ...headers,
});

describe('/api/v1 by session', () => {
  it("works on the free plan, where the same project's key is 402", async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: asUser(),
      payload: { title: 'From the dashboard', body: 'Hello **world**', publish: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(/^https:\/\/changelog\.test\/api\/v1\/entries\/ent_/);
    const widget = await server.app.inject(`/api/widget/${free.project.slug}`);
    expect(widget.json().entries.map((e: { title: string }) => e.title)).toEqual(['From the dashboard']);

    const byKey = await server.app.inject({ url: '/api/v1/entries', headers: free.headers });
    expect(byKey.statusCode).toBe(402);
    expect(byKey.json().code).toBe('upgrade_required');
  });

  it('needs Shiplog-Project (400 at /headers/shiplog-project); an unknown project is 404', async () => {
    const { 'shiplog-project': _p, ...without } = asUser();
    const missing = await server.app.inject({ url: '/api/v1/entries', headers: without });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { pointer: '/headers/shiplog-project', detail: 'Required with the session cookie: a project slug' },
    ]);
    const unknown = await server.app.inject({
      url: '/api/v1/entries',
      headers: asUser({ 'shiplog-project': 'no-such' }),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an ended session is 401; a key sent with a cookie wins (the key path, unchanged)', async () => {
    const ended = await server.app.inject({
      url: '/api/v1/entries',
      headers: { cookie: `shiplog_session=${'y'.repeat(43)}`, 'shiplog-project': free.project.slug },
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('unauthorized');
    const both = await server.app.inject({
      url: '/api/v1/entries',
      headers: { ...asUser(), ...free.headers },
    });
    expect(both.statusCode).toBe(402);
  });

  it('keeps Idempotency-Key: the same create replays, a different body is 422', async () => {
    const send = (title: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers: asUser({ 'idempotency-key': 'dashboard-save-1' }),
        payload: { title, body: 'x' },
      });
    const first = await send('Once');
    const again = await send('Once');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await send('Other')).statusCode).toBe(422);
    const [row] = await server.db.sql`select count(*)::int as n from entries where title = 'Once'`;
    expect(row!.n).toBe(1);
  });

  it('is counted per user by the API rate limit', async () => {
    const other = await signedInUser(server, [{ projectId: free.project.id, role: 'contributor' }]);
    const get = (headers: Record<string, string>) =>
      server.app.inject({
        url: '/api/v1/analytics',
        headers: { ...headers, 'shiplog-project': free.project.slug },
      });
    const first = await get(user.headers);
    const second = await get(user.headers);
    const theirs = await get(other.headers);
    expect(first.headers['ratelimit-policy']).toBe('"api";q=1000;w=60');
    const remaining = (res: typeof first) => Number(/r=(\d+)/.exec(String(res.headers.ratelimit))![1]);
    expect(remaining(second)).toBe(remaining(first) - 1);
    expect(remaining(theirs)).toBe(999);
  });
});
