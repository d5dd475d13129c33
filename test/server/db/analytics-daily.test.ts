/**
 * `analytics_daily` (migration 0014), the rollup behind the Analytics page: whatever path events take
 * into `analytics_events` (batches posted concurrently to the public endpoint, a bulk insert), its
 * per-day, per-entry counts equal the raw events', and the migration builds it from events that were
 * stored before it existed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate.ts';
import { useTestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';

const { server, headers, owner } = useTestServer({}, { workers: false });
let entries: string[];

beforeAll(async () => {
  entries = [];
  for (const title of ['One', 'Two', 'Three']) {
    entries.push(await createEntry(server.app, headers, { title, publish: true }));
  }
});

type Row = { day: string; entryId: string | null; views: number; clicks: number };

/** Both sides as `YYYY-MM-DD`, entry, views, clicks; sorted the same way. */
const rollup = () => server.db.sql<Row[]>`
  select to_char(day, 'YYYY-MM-DD') as day, entry_id, views::int, clicks::int
  from analytics_daily where project_id = ${owner.project.id}
  order by 1, 2 nulls first`;
const counted = () => server.db.sql<Row[]>`
  select to_char((occurred_at at time zone 'utc')::date, 'YYYY-MM-DD') as day, entry_id,
         count(*) filter (where type = 'view')::int as views, count(*) filter (where type = 'click')::int as clicks
  from analytics_events where project_id = ${owner.project.id}
  group by 1, 2 order by 1, 2 nulls first`;

describe('analytics_daily', () => {
  it('matches the raw events after concurrent batches and a bulk insert across UTC days', async () => {
    const batches = Array.from({ length: 12 }, (_, b) =>
      Array.from({ length: 50 }, (_, i) => ({
        project: owner.project.slug,
        type: (b + i) % 4 === 0 ? 'click' : 'view',
        ...((b * 50 + i) % 5 === 0 ? {} : { entryId: entries[(b + i) % 3] }),
        anonymousId: `reader-${String((b * 7 + i) % 40).padStart(4, '0')}`,
      })),
    );
    const answers = await Promise.all(
      batches.map((events, b) =>
        server.app.inject({
          method: 'POST',
          url: '/api/analytics',
          remoteAddress: `10.9.0.${b + 1}`,
          payload: { events },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(batches.map(() => 202));
    // A hundred UTC midnights and the millisecond before each, in one statement.
    await server.db.sql`
      insert into analytics_events (project_id, entry_id, type, anonymous_id, occurred_at)
      select ${owner.project.id}, case when g % 3 = 0 then null else ${entries[0]!} end,
             case when g % 2 = 0 then 'click' else 'view' end, 'bulk-' || g,
             (date_trunc('day', now() at time zone 'utc') at time zone 'utc')
               + (g / 2 - 100) * interval '1 day' - (g % 2) * interval '1 ms'
      from generate_series(1, 200) g`;

    const rows = await rollup();
    expect(rows.reduce((n, r) => n + r.views + r.clicks, 0)).toBe(12 * 50 + 200);
    expect(new Set(rows.map((r) => r.day)).size).toBeGreaterThan(99);
    expect(rows).toEqual(await counted());
  });

  it('is built by the migration from events stored before it', async () => {
    const before = await counted();
    expect(before.length).toBeGreaterThan(0);
    // The database as it was at migration 0013, with these events already stored.
    await server.db.sql.begin(async (tx) => {
      await tx`drop table analytics_daily`;
      await tx`drop function analytics_daily_add cascade`;
      await tx`delete from schema_migrations where version = 14`;
    });
    expect(await migrate(server.db.sql)).toEqual(['0014_analytics_daily.sql']);
    expect(await rollup()).toEqual(before);
  });
});
