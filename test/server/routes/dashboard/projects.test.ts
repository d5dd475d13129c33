/**
 * Projects from the dashboard (docs/api.md#dashboard-api): any signed-in user creates one on the free
 * plan and owns it; settings reach the widget at once; the owner deletes it with everything of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

let server: TestServer;
let user: SignedInUser;

beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  user = await signedInUser(server);
});
afterAll(() => server.close());

const create = (payload: object) =>
  server.app.inject({ method: 'POST', url: '/api/dashboard/projects', headers: user.headers, payload });

describe('projects', () => {
  it('are created on the free plan, owned by their creator; a taken slug is 409; signed out is 401', async () => {
    const res = await create({ name: 'Docs site', slug: 'docs-site' });
    expect(res.statusCode).toBe(201);
    expect(res.json().project).toEqual({
      id: expect.stringMatching(/^prj_/),
      name: 'Docs site',
      slug: 'docs-site',
      plan: 'free',
      settings: { accent: '#2563eb', position: 'bottom-right', theme: 'auto' },
      reactions: expect.any(Array),
      apiAvailable: false,
      translationDrafts: false,
      role: 'owner',
    });
    expect((await create({ name: 'Again', slug: 'docs-site' })).statusCode).toBe(409);
    const bad = await create({ name: 'X', slug: 'docs-site', plan: 'business' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ pointer: '/plan', detail: 'Unknown field' }]);
    const session = await server.app.inject({
      url: '/api/dashboard/session',
      headers: { cookie: user.cookie },
    });
    expect(session.json().projects).toEqual([
      { id: res.json().project.id, name: 'Docs site', slug: 'docs-site', plan: 'free', role: 'owner' },
    ]);
    const { cookie: _c, 'x-csrf-token': _t, ...signedOut } = user.headers;
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/dashboard/projects',
      headers: signedOut,
      payload: { name: 'Nope', slug: 'nope' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("settings change the widget at once; the plan is not the dashboard's to change", async () => {
    await create({ name: 'Widget site', slug: 'widget-site' });
    expect((await server.app.inject('/api/widget/widget-site')).json().project.settings.accent).toBe(
      '#2563eb',
    );
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/projects/widget-site',
      headers: user.headers,
      payload: { name: 'Renamed', accent: '#ff0066', position: 'top-left', theme: 'dark' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      name: 'Renamed',
      settings: { accent: '#ff0066', position: 'top-left', theme: 'dark' },
    });
    const widget = (await server.app.inject('/api/widget/widget-site')).json();
    expect(widget.project).toMatchObject({
      name: 'Renamed',
      settings: { accent: '#ff0066', position: 'top-left', theme: 'dark' },
    });
    const plan = await server.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/projects/widget-site',
      headers: user.headers,
      payload: { plan: 'business' },
    });
    expect(plan.statusCode).toBe(400);
    const get = await server.app.inject({
      url: '/api/dashboard/projects/widget-site',
      headers: { cookie: user.cookie },
    });
    expect(get.json().project).toMatchObject({ plan: 'free', role: 'owner' });
  });

  it('are deleted by their owner, with their entries: the widget and the API know them no more', async () => {
    const { project } = (await create({ name: 'Doomed', slug: 'doomed' })).json();
    const entry = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: { ...user.headers, 'shiplog-project': 'doomed' },
      payload: { title: 'Last words', body: 'x', publish: true },
    });
    expect(entry.statusCode).toBe(201);
    expect((await server.app.inject('/api/widget/doomed')).statusCode).toBe(200);
    const del = await server.app.inject({
      method: 'DELETE',
      url: '/api/dashboard/projects/doomed',
      headers: user.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await server.app.inject('/api/widget/doomed')).statusCode).toBe(404);
    const [left] = await server.db
      .sql`select count(*)::int as n from entries where project_id = ${project.id}`;
    expect(left!.n).toBe(0);
    const after = await server.app.inject({
      url: '/api/dashboard/projects/doomed',
      headers: { cookie: user.cookie },
    });
    expect(after.statusCode).toBe(404);
  });
});
