import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COMMANDS } from '../../../../server/admin/admin-commands.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';

let server: TestServer;
let headers: Record<string, string>;
let slug: string;
let entryId: string;
let ip = 0;

beforeAll(async () => {
  server = await buildTestServer();
  const created = await server.project('pro');
  headers = created.headers;
  slug = created.project.slug;
  entryId = (
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'Reactable', body: 'x', publish: true },
    })
  ).json().entry.id;
});
afterAll(() => server.close());

/** Each reader from their own address: the per-IP limit is tested elsewhere. */
const react = (body: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/reactions',
    remoteAddress: `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
    payload: body,
  });

describe('POST /api/reactions', () => {
  it('toggles: a second identical call removes the reaction', async () => {
    const first = await react({ entryId, emoji: '🎉', anonymousId: 'reader-0001' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      reacted: true,
      count: 1,
      reactions: { '👍': 0, '🎉': 1, '❤️': 0, '🚀': 0, '👀': 0 },
    });
    expect(first.headers['access-control-allow-origin']).toBe('*');

    const widget = (await server.app.inject({ method: 'GET', url: `/api/widget/${slug}` })).json();
    expect(widget.entries[0].reactions['🎉']).toBe(1);
    const full = (
      await server.app.inject({ method: 'GET', url: `/api/v1/entries/${entryId}`, headers })
    ).json().entry;
    expect(full.reactions['🎉']).toBe(1);

    const second = await react({ entryId, emoji: '🎉', anonymousId: 'reader-0001' });
    expect(second.json()).toMatchObject({ reacted: false, count: 0 });
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/widget/${slug}` })).json().entries[0].reactions[
        '🎉'
      ],
    ).toBe(0);
  });

  it('answers 20 concurrent identical toggles each with the state its own toggle produced', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => react({ entryId, emoji: '❤️', anonymousId: 'same-reader-01' })),
    );
    const bodies = results.map((r) => r.json());
    // One reader, one emoji: present means a count of exactly 1, absent exactly 0.
    for (const body of bodies) expect(body.count).toBe(body.reacted ? 1 : 0);
    expect(bodies.filter((b) => b.reacted)).toHaveLength(10);
    const [row] = await server.db.sql<{ n: number }[]>`
      select count(*)::int as n from reactions where entry_id = ${entryId} and emoji = '❤️'`;
    expect(row!.n).toBe(0);
  });

  it('counts 50 concurrent toggles from distinct readers as 50', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        react({ entryId, emoji: '🚀', anonymousId: `concurrent-${String(i).padStart(3, '0')}` }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200 && r.json().reacted === true)).toBe(true);
    const [row] = await server.db.sql<
      { n: number }[]
    >`select count(*)::int as n from reactions where entry_id = ${entryId} and emoji = '🚀'`;
    expect(row!.n).toBe(50);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/widget/${slug}` })).json().entries[0].reactions[
        '🚀'
      ],
    ).toBe(50);
  });

  it('404 for a draft, an internal or an unknown entry; 400 for an emoji not in the list or a bad id', async () => {
    const draft = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers,
        payload: { title: 'Draft', body: 'x' },
      })
    ).json().entry.id;
    const internal = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers,
        payload: { title: 'Internal', body: 'x', visibility: 'internal', publish: true },
      })
    ).json().entry.id;
    for (const id of [draft, internal, 'ent_unknown']) {
      const res = await react({ entryId: id, emoji: '👍', anonymousId: 'reader-0002' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const emoji = await react({ entryId, emoji: '💩', anonymousId: 'reader-0002' });
    expect(emoji.statusCode).toBe(400);
    expect(emoji.json().errors[0].pointer).toBe('/emoji');
    const id = await react({ entryId, emoji: '👍', anonymousId: 'short' });
    expect(id.json().errors[0].pointer).toBe('/anonymousId');
  });

  it("follows the project's emoji list (shiplog projects update --reactions)", async () => {
    const admin = {
      sql: server.db.sql,
      projectChanged: (id: string) => server.app.shiplog.widgetCache.invalidate(id),
    };
    const out = JSON.parse(
      await ADMIN_COMMANDS['projects.update']!(admin, { slug, reactions: '👍, 💯 ,🔥', json: true }),
    );
    expect(out.project.reactions).toEqual(['👍', '💯', '🔥']);
    expect((await react({ entryId, emoji: '💯', anonymousId: 'reader-0003' })).json()).toMatchObject({
      reacted: true,
      reactions: { '👍': 0, '💯': 1, '🔥': 0 },
    });
    expect((await react({ entryId, emoji: '🎉', anonymousId: 'reader-0003' })).statusCode).toBe(400);
    expect(
      Object.keys(
        (await server.app.inject({ method: 'GET', url: `/api/widget/${slug}` })).json().entries[0].reactions,
      ),
    ).toEqual(['👍', '💯', '🔥']);
    await expect(ADMIN_COMMANDS['projects.update']!(admin, { slug, reactions: 'abc' })).rejects.toThrow(
      /emoji/,
    );
  });

  it('limits each reader to 30 a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await react({ entryId, emoji: '👍', anonymousId: 'busy-reader' })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits each address to 30 a minute, whatever anonymous ids it sends', async () => {
    const { entries } = (await server.app.inject(`/api/widget/${slug}`)).json();
    const emoji = Object.keys(entries[0].reactions)[0];
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/reactions',
        remoteAddress: '198.51.100.30',
        payload: { entryId, emoji, anonymousId: `rotating-${String(i).padStart(3, '0')}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
