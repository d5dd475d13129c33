import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

type Listed = {
  id: string;
  status: string;
  category: string;
  visibility: string;
  publishedAt: string | null;
  createdAt: string;
};

const create = (headers: Record<string, string>, body: Record<string, unknown>) =>
  createEntry(server.app, headers, body);

async function walk(
  headers: Record<string, string>,
  query: string,
  onPage?: () => Promise<void>,
): Promise<Listed[]> {
  const seen: Listed[] = [];
  let url: string | null = `/api/v1/entries?${query}`;
  while (url) {
    const res = await server.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const { entries, nextCursor } = res.json();
    seen.push(...entries);
    if (nextCursor) {
      const link = res.headers.link as string;
      expect(link).toMatch(/^<https:\/\/changelog\.test\/api\/v1\/entries\?.*cursor=.*>; rel="next"$/);
      url = link.slice(link.indexOf('/api/v1'), link.indexOf('>'));
      await onPage?.();
    } else {
      expect(res.headers.link).toBeUndefined();
      url = null;
    }
  }
  return seen;
}

describe('GET /api/v1/entries', () => {
  it('orders newest first by coalesce(publishedAt, createdAt), then id, and filters', async () => {
    const { headers } = await server.project();
    const a = await create(headers, { title: 'A', category: 'fix' });
    const b = await create(headers, { title: 'B', visibility: 'internal' });
    const c = await create(headers, { title: 'C', publish: true, category: 'fix' });
    // Publishing A later moves it to the top: its sort key becomes its publication time.
    await server.app.inject({ method: 'POST', url: `/api/v1/entries/${a}/publish`, headers });

    const all = (await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers })).json();
    expect(all.entries.map((e: Listed) => e.id)).toEqual([a, c, b]);
    expect(all.nextCursor).toBeNull();
    expect(Object.keys(all.entries[0]).sort()).toEqual(
      [
        'category',
        'component',
        'createdAt',
        'editedAt',
        'id',
        'publishedAt',
        'scheduledFor',
        'slug',
        'source',
        'status',
        'title',
        'updatedAt',
        'version',
        'visibility',
        'segments',
        'summary',
        'announce',
        'translatedLocales',
      ].sort(),
    );

    const ids = async (q: string) =>
      (await server.app.inject({ method: 'GET', url: `/api/v1/entries?${q}`, headers }))
        .json()
        .entries.map((e: Listed) => e.id);
    expect(await ids('status=draft')).toEqual([b]);
    expect(await ids('status=published&category=fix')).toEqual([a, c]);
    expect(await ids('visibility=internal')).toEqual([b]);
  });

  it('paginates with limit, nextCursor and Link, and binds the cursor to its filters', async () => {
    const { headers } = await server.project();
    for (let i = 0; i < 7; i++)
      await create(headers, { title: `E${i}`, category: i % 2 ? 'fix' : 'feature' });
    const pages = await walk(headers, 'limit=3');
    expect(pages).toHaveLength(7);
    expect(pages.map((e) => e.id)).toEqual([...pages.map((e) => e.id)].sort().reverse());

    const first = (
      await server.app.inject({ method: 'GET', url: '/api/v1/entries?limit=2&category=fix', headers })
    ).json();
    const other = await server.app.inject({
      method: 'GET',
      url: `/api/v1/entries?limit=2&category=feature&cursor=${first.nextCursor}`,
      headers,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].pointer).toBe('/query/cursor');
    const same = await server.app.inject({
      method: 'GET',
      url: `/api/v1/entries?limit=2&category=fix&cursor=${first.nextCursor}`,
      headers,
    });
    expect(same.statusCode).toBe(200);
  });

  it('signs cursors: a forged, a foreign-project or a subscribers cursor is 400', async () => {
    const { headers } = await server.project();
    const other = await server.project();
    for (let i = 0; i < 3; i++) await create(headers, { title: `S${i}` });
    for (let i = 0; i < 3; i++) await create(other.headers, { title: `O${i}` });
    const first = (
      await server.app.inject({ method: 'GET', url: '/api/v1/entries?limit=1', headers })
    ).json();
    const [payload, signature] = first.nextCursor.split('.');
    // Forge the payload (say, to move the position): the signature no longer matches.
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...decoded, i: 'ent_zzzz' })).toString('base64url')}.${signature}`;
    // Another project's cursor, and a cursor of the subscribers list.
    for (let i = 0; i < 2; i++) {
      await server.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { project: other.project.slug, email: `c${i}@example.com` },
      });
    }
    const foreign = (
      await server.app.inject({ method: 'GET', url: '/api/v1/entries?limit=1', headers: other.headers })
    ).json().nextCursor;
    const subscribers = (
      await server.app.inject({ method: 'GET', url: '/api/v1/subscribers?limit=1', headers: other.headers })
    ).json().nextCursor;
    expect(subscribers).toEqual(expect.any(String));
    for (const cursor of [forged, foreign, subscribers, `${payload}.`, payload]) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/entries?limit=1&cursor=${cursor}`,
        headers,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().errors[0].pointer).toBe('/query/cursor');
    }
    const entriesOnSubscribers = await server.app.inject({
      method: 'GET',
      url: `/api/v1/subscribers?limit=1&cursor=${foreign}`,
      headers: other.headers,
    });
    expect(entriesOnSubscribers.statusCode).toBe(400);
  });

  it('rejects bad query parameters with /query pointers', async () => {
    const { headers } = await server.project();
    for (const [query, pointer] of [
      ['limit=0', '/query/limit'],
      ['limit=101', '/query/limit'],
      ['limit=abc', '/query/limit'],
      ['status=live', '/query/status'],
      ['category=bugfix', '/query/category'],
      ['cursor=not-a-cursor', '/query/cursor'],
      ['sort=asc', '/query/sort'],
    ] as const) {
      const res = await server.app.inject({ method: 'GET', url: `/api/v1/entries?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().errors.map((e: { pointer: string }) => e.pointer),
        query,
      ).toContain(pointer);
    }
  });

  it('never skips nor repeats an entry while others are inserted between pages (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('', 'status=draft', 'category=fix'),
        async (initial, limit, insertsPerPage, filter) => {
          const { headers } = await server.project();
          const existing: string[] = [];
          for (let i = 0; i < initial; i++) {
            existing.push(
              await create(headers, {
                title: `Initial ${i}`,
                category: i % 2 ? 'fix' : 'feature',
                publish: i % 3 === 0,
              }),
            );
          }
          const before = (await walk(headers, `limit=100&${filter}`)).map((e) => e.id);
          let page = 0;
          const seen = await walk(headers, `limit=${limit}&${filter}`, async () => {
            const n = insertsPerPage[page++ % insertsPerPage.length]!;
            for (let i = 0; i < n; i++)
              await create(headers, { title: `During ${page}.${i}`, category: 'fix', publish: i % 2 === 0 });
          });
          const ids = seen.map((e) => e.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of before) expect(ids).toContain(id);
        },
      ),
      { numRuns: 15 },
    );
  });
});
