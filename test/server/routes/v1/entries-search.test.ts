/**
 * The list's title search (`q`, the dashboard's search box) and the `source` of each listed entry (the
 * dashboard's GitHub badge), over HTTP with a key and with a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { signedInUser } from '../../../helpers/dashboard.ts';

let server: TestServer;
let headers: Record<string, string>;
let slug: string;

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
  const created = await server.project('pro');
  headers = created.headers;
  slug = created.project.slug;
});
afterAll(() => server.close());

const list = async (query: string, as = headers) => {
  const res = await server.app.inject({ method: 'GET', url: `/api/v1/entries?${query}`, headers: as });
  return res;
};
const titles = async (query: string, as = headers) =>
  (await list(query, as)).json().entries.map((e: { title: string }) => e.title) as string[];

describe('GET /api/v1/entries?q=', () => {
  it('finds titles containing the text, case-insensitively and literally, paging within the search', async () => {
    for (const title of ['Dark mode', 'Darker charts', 'CSV export', '100% faster_sync', 'Mode switch'])
      await createEntry(server.app, headers, { title });
    expect(await titles('q=MODE')).toEqual(['Mode switch', 'Dark mode']);
    expect(await titles('q=%25')).toEqual(['100% faster_sync']);
    expect(await titles('q=_')).toEqual(['100% faster_sync']);
    expect(await titles('q=nothing')).toEqual([]);

    const first = (await list('q=dark&limit=1')).json();
    expect(first.entries.map((e: { title: string }) => e.title)).toEqual(['Darker charts']);
    const next = await list(`q=dark&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(next.json().entries.map((e: { title: string }) => e.title)).toEqual(['Dark mode']);
    // A cursor is bound to its search.
    const other = await list(`q=csv&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(other.statusCode).toBe(400);

    const project = (
      await server.app.shiplog.sql<{ id: string }[]>`select id from projects where slug = ${slug}`
    )[0]!;
    const user = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
    expect(await titles('q=csv', { ...user.headers, 'shiplog-project': slug })).toEqual(['CSV export']);
  });

  it('refuses an empty or overlong search', async () => {
    expect((await list('q=')).statusCode).toBe(400);
    expect((await list(`q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('lists each entry with its source: the pull request a draft came from, or null', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: {
        commits: ['feat: search by title'],
        repository: 'octo-org/hello-world',
        source: { pullRequest: 12, headSha: 'a'.repeat(40) },
      },
    });
    expect(res.statusCode).toBe(201);
    const listed = (await list('limit=100')).json().entries as { id: string; source: unknown }[];
    expect(listed.find((e) => e.id === res.json().entry.id)!.source).toEqual({
      repository: 'octo-org/hello-world',
      pullRequest: 12,
      release: null,
      range: null,
      headSha: 'a'.repeat(40),
    });
    expect(listed.filter((e) => e.source === null)).toHaveLength(5);
  });
});
