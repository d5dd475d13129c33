/**
 * The role matrix over HTTP (docs/api.md#roles): each role
 * (owner, publisher, contributor, and a signed-in user who is not a member) tries each action on a
 * project on the free plan, through the same routes the dashboard calls (/api/v1 for entries, with
 * the session and `Shiplog-Project`; /api/dashboard for the rest). Every cell is an HTTP status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { matrixAnswers, type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Who = 'owner' | 'publisher' | 'contributor' | 'non-member';
const WHO: Who[] = ['owner', 'publisher', 'contributor', 'non-member'];

let server: TestServer;
let project: ProjectRow;
let users: Record<Who, SignedInUser>;

beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  project = (await server.project('free')).project;
  const elsewhere = (await server.project('free')).project;
  users = {
    owner: await signedInUser(server, [{ projectId: project.id, role: 'owner' }]),
    publisher: await signedInUser(server, [{ projectId: project.id, role: 'publisher' }]),
    contributor: await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]),
    'non-member': await signedInUser(server, [{ projectId: elsewhere.id, role: 'owner' }]),
  };
});
afterAll(() => server.close());

/** A call as `who`: the session's headers, and the project for /api/v1. */
function call(who: Who, method: string, url: string, payload?: unknown, extra: Record<string, string> = {}) {
  return server.app.inject({
    method: method as 'GET',
    url,
    headers: { ...users[who].headers, 'shiplog-project': project.slug, ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A new entry of the project, made by the owner: a draft, or published. */
async function entry(published: boolean): Promise<string> {
  const res = await call('owner', 'POST', '/api/v1/entries', {
    title: 'Fixture',
    body: 'x',
    publish: published,
  });
  expect(res.statusCode).toBe(201);
  return res.json().entry.id;
}

const ACTIONS: Record<string, (who: Who) => Promise<number>> = {
  'read entries': async (who) => (await call(who, 'GET', '/api/v1/entries')).statusCode,
  'create draft': async (who) =>
    (await call(who, 'POST', '/api/v1/entries', { title: 'Draft', body: 'x' })).statusCode,
  'edit draft': async (who) =>
    (await call(who, 'PATCH', `/api/v1/entries/${await entry(false)}`, { title: 'Edited' })).statusCode,
  publish: async (who) =>
    (await call(who, 'POST', `/api/v1/entries/${await entry(false)}/publish`)).statusCode,
  unpublish: async (who) =>
    (await call(who, 'POST', `/api/v1/entries/${await entry(true)}/unpublish`)).statusCode,
  'delete entry': async (who) =>
    (await call(who, 'DELETE', `/api/v1/entries/${await entry(false)}`)).statusCode,
  settings: async (who) =>
    (await call(who, 'PATCH', `/api/dashboard/projects/${project.slug}`, { accent: '#112233' })).statusCode,
  members: async (who) =>
    (
      await call(who, 'POST', `/api/dashboard/projects/${project.slug}/members`, {
        email: `invitee-${who}@example.com`,
        role: 'contributor',
      })
    ).statusCode,
  keys: async (who) =>
    (await call(who, 'POST', `/api/dashboard/projects/${project.slug}/keys`, {})).statusCode,
  uploads: async (who) =>
    (
      await call(who, 'POST', `/api/dashboard/projects/${project.slug}/uploads`, PNG, {
        'content-type': 'image/png',
      })
    ).statusCode,
};

const EXPECTED: Record<string, Record<Who, number>> = {
  'read entries': { owner: 200, publisher: 200, contributor: 200, 'non-member': 403 },
  'create draft': { owner: 201, publisher: 201, contributor: 201, 'non-member': 403 },
  'edit draft': { owner: 200, publisher: 200, contributor: 200, 'non-member': 403 },
  publish: { owner: 200, publisher: 200, contributor: 403, 'non-member': 403 },
  unpublish: { owner: 200, publisher: 200, contributor: 403, 'non-member': 403 },
  'delete entry': { owner: 204, publisher: 204, contributor: 403, 'non-member': 403 },
  settings: { owner: 200, publisher: 200, contributor: 403, 'non-member': 403 },
  members: { owner: 201, publisher: 403, contributor: 403, 'non-member': 403 },
  keys: { owner: 201, publisher: 403, contributor: 403, 'non-member': 403 },
  uploads: { owner: 201, publisher: 201, contributor: 201, 'non-member': 403 },
};

describe('role × action', () => {
  it('answers every cell as the contract says', async () => {
    expect(await matrixAnswers(ACTIONS, WHO)).toEqual(EXPECTED);
  });

  it('a refusal is a problem document, 403 forbidden, naming the role it takes', async () => {
    const res = await call('contributor', 'POST', `/api/v1/entries/${await entry(false)}/publish`);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.json()).toMatchObject({ status: 403, code: 'forbidden', type: '/docs/errors#forbidden' });
    expect(res.json().detail).toMatch(/publisher role or higher/);
  });

  it('a contributor cannot publish by the back door: create or generate with publish, edit a published or scheduled entry, schedule', async () => {
    const created = await call('contributor', 'POST', '/api/v1/entries', {
      title: 'Now',
      body: 'x',
      publish: true,
    });
    expect(created.statusCode).toBe(403);
    const generated = await call('contributor', 'POST', '/api/v1/entries/generate', {
      commits: ['feat: a thing'],
      publish: true,
    });
    expect(generated.statusCode).toBe(403);
    const published = await entry(true);
    const edit = await call('contributor', 'PATCH', `/api/v1/entries/${published}`, { title: 'Defaced' });
    expect(edit.statusCode).toBe(403);
    const [row] = await server.db.sql<{ title: string }[]>`select title from entries where id = ${published}`;
    expect(row!.title).toBe('Fixture');

    // Scheduling is publishing later: a contributor can neither schedule, cancel, nor edit a scheduled draft.
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const draft = await entry(false);
    expect((await call('contributor', 'POST', `/api/v1/entries/${draft}/publish`, { at })).statusCode).toBe(
      403,
    );
    expect((await call('publisher', 'POST', `/api/v1/entries/${draft}/publish`, { at })).statusCode).toBe(
      200,
    );
    expect(
      (await call('contributor', 'PATCH', `/api/v1/entries/${draft}`, { title: 'Sneaky' })).statusCode,
    ).toBe(403);
    expect((await call('contributor', 'DELETE', `/api/v1/entries/${draft}/schedule`)).statusCode).toBe(403);
    expect((await call('publisher', 'DELETE', `/api/v1/entries/${draft}/schedule`)).statusCode).toBe(204);
    expect(
      (await call('contributor', 'PATCH', `/api/v1/entries/${draft}`, { title: 'Fine now' })).statusCode,
    ).toBe(200);
  });

  it('an API key acts as a publisher (its project on Pro), and a refused call stores nothing under its Idempotency-Key', async () => {
    const { headers } = await server.project('pro');
    const draft = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'By key', body: 'x' },
    });
    const published = await server.app.inject({
      method: 'POST',
      url: `/api/v1/entries/${draft.json().entry.id}/publish`,
      headers,
    });
    expect(published.statusCode).toBe(200);

    const id = await entry(false);
    const key = { 'idempotency-key': 'publish-once' };
    expect(
      (await call('contributor', 'POST', `/api/v1/entries/${id}/publish`, undefined, key)).statusCode,
    ).toBe(403);
    const [stored] = await server.db
      .sql`select count(*)::int as n from idempotency_keys where key = 'publish-once'`;
    expect(stored!.n).toBe(0);
    expect(
      (await call('publisher', 'POST', `/api/v1/entries/${id}/publish`, undefined, key)).statusCode,
    ).toBe(200);
  });
});
