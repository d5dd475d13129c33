import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';

let server: TestServer;
let headers: Record<string, string>;
let slug: string;
let entries: string[];
let ip = 0;

beforeAll(async () => {
  server = await buildTestServer();
  const created = await server.project('pro');
  headers = created.headers;
  slug = created.project.slug;
  entries = [];
  for (const title of ['One', 'Two']) {
    entries.push(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/entries',
          headers,
          payload: { title, body: 'x', publish: true },
        })
      ).json().entry.id,
    );
  }
});
afterAll(() => server.close());

const send = (payload: unknown, remoteAddress = `10.2.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`) =>
  server.app.inject({ method: 'POST', url: '/api/analytics', remoteAddress, payload: payload as object });

describe('POST /api/analytics', () => {
  it('records single events and batches of up to 50, and reports them per day and per entry', async () => {
    const single = await send({
      project: slug,
      type: 'view',
      entryId: entries[0],
      anonymousId: 'visitor-0001',
      url: 'https://acme.test/',
    });
    expect(single.statusCode).toBe(202);
    expect(single.json()).toEqual({ accepted: 1 });

    const batch = Array.from({ length: 50 }, (_, i) => ({
      project: slug,
      type: i % 5 === 0 ? 'click' : 'view',
      entryId: entries[i % 2],
      anonymousId: `visitor-${String(i % 10).padStart(4, '0')}`,
    }));
    const many = await send({ events: batch });
    expect(many.statusCode).toBe(202);
    expect(many.json()).toEqual({ accepted: 50 });
    // Yesterday's events, to see the day split.
    await server.db.sql`insert into analytics_events (project_id, entry_id, type, anonymous_id, occurred_at)
      select id, ${entries[1]!}, 'view', 'visitor-old1', now() - interval '1 day' from projects where slug = ${slug}`;

    const report = (await server.app.inject({ method: 'GET', url: '/api/v1/analytics', headers })).json();
    expect(report.interval).toBe('day');
    expect(report.totals).toEqual({ views: 42, clicks: 10, uniqueVisitors: 11 });
    expect(report.days).toHaveLength(2);
    expect(report.days.at(-1)).toMatchObject({ views: 41, clicks: 10, uniqueVisitors: 10 });
    expect(report.days[0].date).toMatch(/^\d{4}-\d\d-\d\d$/);
    const one = report.entries.find((e: { entryId: string }) => e.entryId === entries[0]);
    expect(one).toMatchObject({ title: 'One', views: 21, clicks: 5 });

    const narrow = (
      await server.app.inject({
        method: 'GET',
        url: `/api/v1/analytics?from=${report.days.at(-1).date}`,
        headers,
      })
    ).json();
    expect(narrow.totals.views).toBe(41);
  });

  it('rejects bad events with pointers, 51 events, unknown projects and foreign entries', async () => {
    const bad = await send({
      events: [
        { project: slug, type: 'view', anonymousId: 'visitor-0001' },
        { project: slug, type: 'hover', anonymousId: 'x' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { pointer: string }) => e.pointer)
        .sort(),
    ).toEqual(['/events/1/anonymousId', '/events/1/type']);

    const tooMany = await send({
      events: Array.from({ length: 51 }, () => ({
        project: slug,
        type: 'view',
        anonymousId: 'visitor-0001',
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].pointer).toBe('/events');

    expect((await send({ project: 'nope', type: 'view', anonymousId: 'visitor-0001' })).statusCode).toBe(404);

    const other = await server.project('pro');
    const foreign = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers: other.headers,
        payload: { title: 'Theirs', body: 'x', publish: true },
      })
    ).json().entry.id;
    const res = await send({
      events: [
        { project: slug, type: 'view', anonymousId: 'visitor-0001' },
        { project: slug, type: 'click', entryId: foreign, anonymousId: 'visitor-0001' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/events/1/entryId');
  });

  it('refuses a draft or an internal entry exactly like an unknown id, so none is confirmed to exist', async () => {
    const make = async (payload: object) =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/entries',
          headers,
          payload: { body: 'x', ...payload },
        })
      ).json().entry.id as string;
    const draft = await make({ title: 'Secret draft' });
    const internalDraft = await make({ title: 'Team draft', visibility: 'internal' });
    const internal = await make({ title: 'Team news', visibility: 'internal', publish: true });
    const unknown = 'ent_01kaaaaaaaaaaaaaaaaaaaaaaa';
    const details = [];
    for (const entryId of [draft, internalDraft, internal, unknown]) {
      const res = await send({ project: slug, type: 'view', entryId, anonymousId: 'visitor-0001' });
      expect(res.statusCode, entryId).toBe(400);
      const [error] = res.json().errors;
      expect(error.pointer).toBe('/entryId');
      details.push(error.detail.replace(entryId, '<id>'));
    }
    expect(new Set(details).size).toBe(1);
    const stored = await server.db.sql`
      select count(*)::int as n from analytics_events where entry_id in ${server.db.sql([draft, internalDraft, internal])}`;
    expect(stored[0]!.n).toBe(0);
  });

  it('limits 60 requests a minute per anonymous id, a batch counting as one', async () => {
    const statuses = [];
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (
          await send({
            events: [
              { project: slug, type: 'view', anonymousId: 'counted-visitor' },
              { project: slug, type: 'view', anonymousId: 'counted-visitor' },
            ],
          })
        ).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });

  it('limits each address to 60 requests a minute, whatever anonymous ids it sends', async () => {
    const statuses = [];
    for (let i = 0; i < 61; i++) {
      const event = { project: slug, type: 'view', anonymousId: `rotating-${String(i).padStart(3, '0')}` };
      statuses.push((await send(event, '198.51.100.60')).statusCode);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });

  it('validates the report range', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/analytics?from=2026-11-10&to=2026-11-01',
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/query/from');
    // Dates PostgreSQL or JavaScript cannot carry: year 0, year 10000 once in UTC.
    for (const [query, pointer] of [
      ['from=0000-01-01', '/query/from'],
      ['from=0000-01-01&to=0000-01-02', '/query/from'],
      ['from=1969-12-31&to=1970-01-02', '/query/from'],
      ['from=9999-12-30&to=9999-12-31T23:00:00-14:00', '/query/to'],
    ]) {
      const outside = await server.app.inject({ method: 'GET', url: `/api/v1/analytics?${query}`, headers });
      expect(outside.statusCode, query).toBe(400);
      expect(outside.json().errors, query).toContainEqual({
        pointer,
        detail:
          'must be a date (2026-05-01) or a date-time with an offset, from 1970-01-01 to 9999-12-31T23:59:59.999Z',
      });
    }
    const edges = await server.app.inject({
      method: 'GET',
      url: '/api/v1/analytics?from=9999-12-01&to=9999-12-31T23:59:59.999Z',
      headers,
    });
    expect(edges.statusCode, edges.body).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/analytics?interval=week', headers })).json()
        .errors[0].pointer,
    ).toBe('/query/interval');
  });
});
