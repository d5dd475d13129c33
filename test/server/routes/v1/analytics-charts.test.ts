/**
 * The Analytics page's aggregates (docs/api.md#subscribers-and-analytics-key-authenticated), against events counted by
 * hand around UTC midnights: the last instant of yesterday and the first of today fall on their own
 * days, the first instant of a 7-day period counts and the one before it only in 30 days, another
 * project's events never count, and every day of the period is present.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
const DAY = 86_400_000;
/** Today's UTC midnight, as the test starts (a run that crosses midnight fails on `to`, not silently). */
const T0 = Math.floor(Date.now() / DAY) * DAY;
const at = (ms: number) => new Date(T0 + ms);
const iso = (ms: number) => at(ms).toISOString().slice(0, 10);

let contributor: SignedInUser;
let a: string;
let b: string;

beforeAll(async () => {
  contributor = await signedInUser(server, [{ projectId: owner.project.id, role: 'contributor' }]);
  a = await createEntry(server.app, headers, { title: 'Entry A', publish: true });
  b = await createEntry(server.app, headers, { title: 'Entry B', publish: true });
  const other = await server.project('pro');
  const event = (projectId: string, entryId: string | null, type: string, ms: number) =>
    server.db.sql`insert into analytics_events (project_id, entry_id, type, anonymous_id, occurred_at)
      values (${projectId}, ${entryId}, ${type}, 'reader-1', ${at(ms)})`;
  const p = owner.project.id;
  await event(p, a, 'view', -6 * DAY); // the 7-day period's first instant
  await event(p, a, 'view', -6 * DAY - 1); // the instant before it: in 30 days only
  await event(p, a, 'view', -1); // yesterday's last instant
  await event(p, a, 'view', 0); // today's first
  await event(p, a, 'click', 1);
  await event(p, b, 'view', -2 * 3_600_000);
  await event(p, b, 'view', -3_600_000);
  await event(p, null, 'view', -5); // the widget opened, no entry: a day's view, no entry's
  await event(p, a, 'view', DAY); // tomorrow: outside every period
  await event(other.project.id, null, 'view', 0);
  await event(other.project.id, null, 'click', -1);
  const react = (entryId: string, emoji: string, who: string, ms: number) =>
    server.db.sql`insert into reactions (entry_id, emoji, anonymous_id, created_at)
      values (${entryId}, ${emoji}, ${who}, ${at(ms)})`;
  await react(b, '👍', 'r1', -1);
  await react(b, '👍', 'r2', -10);
  await react(b, '🎉', 'r1', 0);
  const subscriber = (id: string, confirmedMs: number | null, unsubscribedMs: number | null) =>
    server.db
      .sql`insert into subscribers (id, project_id, email, status, requested_at, confirmed_at, unsubscribed_at)
      values (${id}, ${p}, ${`${id}@example.com`}, ${unsubscribedMs !== null ? 'unsubscribed' : confirmedMs !== null ? 'confirmed' : 'pending'},
              now(), ${confirmedMs === null ? null : at(confirmedMs)}, ${unsubscribedMs === null ? null : at(unsubscribedMs)})`;
  await subscriber('sub_s1', -10 * DAY, null);
  await subscriber('sub_s2', -1, null);
  await subscriber('sub_s3', -10 * DAY, 1);
  await subscriber('sub_s4', null, null);
  await subscriber('sub_s5', -3 * 3_600_000, -1_800_000);
});

const get = (path: string) =>
  server.app.inject({
    url: path,
    headers: { ...contributor.headers, 'shiplog-project': owner.project.slug },
  });

describe('analytics per day, per entry, and subscribers', () => {
  it('counts views, clicks and reactions on the UTC day they happened, every day present', async () => {
    const week = await get('/api/v1/analytics/daily?days=7');
    expect(week.statusCode).toBe(200);
    expect(week.json()).toMatchObject({
      days: 7,
      from: at(-6 * DAY).toISOString(),
      to: at(DAY).toISOString(),
    });
    const daily = week.json().daily;
    expect(daily.map((d: { date: string }) => d.date)).toEqual(
      [-6, -5, -4, -3, -2, -1, 0].map((n) => iso(n * DAY)),
    );
    expect(daily[0]).toEqual({ date: iso(-6 * DAY), views: 1, clicks: 0, reactions: 0 });
    expect(daily[5]).toEqual({ date: iso(-DAY), views: 4, clicks: 0, reactions: 2 });
    expect(daily[6]).toEqual({ date: iso(0), views: 1, clicks: 1, reactions: 1 });
    expect(daily.slice(1, 5).every((d: { views: number }) => d.views === 0)).toBe(true);

    const month = (await get('/api/v1/analytics/daily?days=30')).json().daily;
    expect(month).toHaveLength(30);
    expect(month.find((d: { date: string }) => d.date === iso(-7 * DAY)).views).toBe(1);
    expect(month.reduce((n: number, d: { views: number }) => n + d.views, 0)).toBe(7);
    expect((await get('/api/v1/analytics/daily?days=90')).json().daily).toHaveLength(90);
  });

  it('per entry: views, clicks, click-through and reactions by emoji', async () => {
    const res = await get('/api/v1/analytics/entries?days=7');
    expect(res.json().entries).toEqual([
      { entryId: a, title: 'Entry A', views: 3, clicks: 1, clickThrough: 0.3333, reactions: {} },
      { entryId: b, title: 'Entry B', views: 2, clicks: 0, clickThrough: 0, reactions: { '👍': 2, '🎉': 1 } },
    ]);
    const month = (await get('/api/v1/analytics/entries?days=30')).json().entries;
    expect(month[0]).toMatchObject({ entryId: a, views: 4, clickThrough: 0.25 });
  });

  it('subscribers: confirmed at the end of each day, who joined and who left', async () => {
    const rows = (await get('/api/v1/analytics/subscribers?days=7')).json().subscribers;
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ date: iso(-6 * DAY), confirmed: 2, joined: 0, left: 0 });
    expect(rows[5]).toEqual({ date: iso(-DAY), confirmed: 3, joined: 2, left: 1 });
    expect(rows[6]).toEqual({ date: iso(0), confirmed: 2, joined: 0, left: 1 });
  });

  it('takes 7, 30 or 90 days only', async () => {
    const res = await get('/api/v1/analytics/daily?days=31');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/query/days');
    expect((await get('/api/v1/analytics/daily')).json().days).toBe(30);
  });
});
