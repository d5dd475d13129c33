/**
 * API keys from the dashboard (docs/api.md#dashboard-api; owners only): the key is shown once, listed by
 * name, last 4, created and last used; revoked at once; another project's key cannot be revoked; a free
 * project may make keys, but every answer says the API needs Pro, as the API itself does (402).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { useTestServer } from '../../../helpers/build-server.ts';
import { useSignedInUser } from '../../../helpers/dashboard.ts';

const { server, owner: created } = useTestServer({}, { workers: false });
let pro: ProjectRow;
let free: ProjectRow;
beforeAll(async () => {
  pro = created.project;
  free = (await server.project('free')).project;
});
const owner = useSignedInUser(server, () => [
  { projectId: pro.id, role: 'owner' },
  { projectId: free.id, role: 'owner' },
]);

const keysUrl = (p: ProjectRow) => `/api/dashboard/projects/${p.slug}/keys`;
const create = (p: ProjectRow, payload: object = {}) =>
  server.app.inject({ method: 'POST', url: keysUrl(p), headers: owner.headers, payload });
const list = (p: ProjectRow) => server.app.inject({ url: keysUrl(p), headers: owner.headers });
/** The API's answer to a request with `apiKey`. */
const listEntriesWith = (apiKey: string) =>
  server.app.inject({ url: '/api/v1/entries', headers: { authorization: `Bearer ${apiKey}` } });

describe('keys', () => {
  it('are created (shown once), work on a Pro project, are listed without the key, and revoked at once', async () => {
    const res = await create(pro, { name: 'CI' });
    expect(res.statusCode).toBe(201);
    const { apiKey, key, apiAvailable } = res.json();
    expect(apiKey).toMatch(/^shl_[0-9A-Za-z]{36}$/);
    // The one answer holding the key is never cached.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(apiAvailable).toBe(true);
    expect(key).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'CI',
      last4: apiKey.slice(-4),
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    const used = await listEntriesWith(apiKey);
    expect(used.statusCode).toBe(200);

    const listed = await list(pro);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(apiKey);
    const mine = listed.json().keys.find((k: { id: string }) => k.id === key.id);
    expect(mine).toMatchObject({ name: 'CI', last4: apiKey.slice(-4), lastUsedAt: expect.any(String) });

    const revoked = await server.app.inject({
      method: 'DELETE',
      url: `${keysUrl(pro)}/${key.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const refused = await listEntriesWith(apiKey);
    expect(refused.statusCode).toBe(401);
  });

  it('of a free project may be made, with apiAvailable false, and the API says 402', async () => {
    const res = await create(free);
    expect(res.statusCode).toBe(201);
    expect(res.json().apiAvailable).toBe(false);
    expect(res.json().key.name).toBeNull();
    expect((await list(free)).json().apiAvailable).toBe(false);
    const used = await listEntriesWith(res.json().apiKey);
    expect(used.statusCode).toBe(402);
  });

  it('of another project cannot be revoked through this one (404), and stay live', async () => {
    const { apiKey } = await server.project('pro');
    const otherKeys = await server.db.sql<{ id: string }[]>`
      select id from api_keys where last4 = ${apiKey.slice(-4)}`;
    const res = await server.app.inject({
      method: 'DELETE',
      url: `${keysUrl(pro)}/${otherKeys[0]!.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(404);
    const still = await listEntriesWith(apiKey);
    expect(still.statusCode).toBe(200);
  });
});
