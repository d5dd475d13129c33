/**
 * The Analytics page's queries (db/analytics-aggregates.ts) on one project's events: p50 and p95 of
 * each (per day and per entry, over 7, 30 and 90 days) reading the daily rollup through its key
 * (`analytics_daily_key`, migration 0014), against:
 * - the same query without that index (a sequential scan of the rollup, which also holds 49 other
 *   projects' rows, as a shared instance's would), in a transaction that drops the key and is rolled back;
 * - the page's queries before the rollup (bench/analytics-raw-queries.ts: counting the raw events
 *   through migration 0012's covering index on `analytics_events`).
 * The plans (EXPLAIN) of the 90-day daily query are printed.
 *
 * On PostgreSQL (DATABASE_URL) with 10,000,000 events by default (`SHIPLOG_BENCH_EVENTS` to change;
 * loading takes minutes), spread over the last 365 days and 200 entries; on the embedded database,
 * 200,000. `npm run bench -- analytics-queries`.
 */
import { type DayRange, dailyActivity, entryActivity } from '../server/db/analytics-aggregates.ts';
import type { Sql, TransactionSql } from '../server/db/connect.ts';
import { dayRange, ENTRY_ROWS, PERIODS } from '../server/services/analytics/analytics-charts.ts';
import { createProject } from '../server/services/accounts/manage-projects.ts';
import { RAW_EVENT_COUNTS } from './analytics-raw-queries.ts';
import { openBenchApp } from './open-bench-app.ts';
import { createBenchDatabase } from './temp-database.ts';

const ENTRIES = 200;
/** Other projects sharing the rollup table. */
const OTHER_TENANTS = 49;
const CHUNK = 1_000_000;

type Query = { name: string; run: (db: Sql | TransactionSql) => Promise<unknown> };

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function timeQueries(db: Sql | TransactionSql, queries: Query[], rounds: number) {
  const out = new Map<string, { p50: number; p95: number }>();
  for (const q of queries) {
    await q.run(db); // warm the cache
    const ms: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = process.hrtime.bigint();
      await q.run(db);
      ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    out.set(q.name, { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) });
  }
  return out;
}

/** Runs `work` in a transaction that is always rolled back (the index changes are undone). */
async function inRolledBack<T>(sql: Sql, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  let result: T | undefined;
  const rollback = new Error('rollback');
  await sql
    .begin(async (tx) => {
      result = await work(tx);
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return result!;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

async function plan(db: Sql | TransactionSql, projectId: string, range: DayRange): Promise<string> {
  const rows = await db.unsafe(
    `explain (costs off) select day, sum(views), sum(clicks) from analytics_daily
     where project_id = $1 and day >= $2::date and day < $3::date group by 1`,
    [projectId, day(range.from), day(range.to)],
  );
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

export async function analyticsQueriesBench(): Promise<Record<string, number>> {
  const server = await createBenchDatabase('queries');
  const eventCount = server ? Number(process.env.SHIPLOG_BENCH_EVENTS ?? 10_000_000) : 200_000;
  // Opened the one way Shiplog opens (server/open-server.ts): its migrations, its pool settings.
  const { db, close } = await openBenchApp({ label: 'queries', databaseUrl: server?.url, poolSize: 2 });
  try {
    const { project } = await createProject(db.sql, { name: 'Bench', slug: 'bench', plan: 'pro' });
    await db.sql`
      insert into entries (id, project_id, title, slug, body, html, category, visibility, status, published_at)
      select 'ent_q' || g, ${project.id}, 'Entry ' || g, 'entry-' || g, 'x', '<p>x</p>', 'fix', 'external',
             'published', now() - g * interval '1 day'
      from generate_series(1, ${ENTRIES}) g`;
    const loadStart = Date.now();
    // Loading is several times faster with the events' index built once at the end, from its own
    // definition (migration 0012's), than kept up through ten million random-time inserts.
    const [index] = await db.sql<{ definition: string }[]>`
      select pg_get_indexdef('analytics_events_project_time'::regclass) as definition`;
    await db.sql`drop index analytics_events_project_time`;
    for (let done = 0; done < eventCount; done += CHUNK) {
      const n = Math.min(CHUNK, eventCount - done);
      await db.sql`
        insert into analytics_events (project_id, entry_id, type, anonymous_id, occurred_at)
        select ${project.id}, case when g % 10 = 0 then null else 'ent_q' || (1 + g % ${ENTRIES}) end,
               case when g % 5 = 0 then 'click' else 'view' end, 'visitor-' || (g % 50000),
               now() - (random() * 365) * interval '1 day'
        from generate_series(1, ${n}) g`;
    }
    await db.sql`
      insert into reactions (entry_id, emoji, anonymous_id, created_at)
      select 'ent_q' || (1 + g % ${ENTRIES}), (array['👍', '🎉', '❤️'])[1 + g % 3], 'visitor-' || g,
             now() - (random() * 365) * interval '1 day'
      from generate_series(1, ${Math.floor(eventCount / 100)}) g`;
    await db.sql.unsafe(index!.definition);
    // The rollup is one table for every project of an instance: other tenants' rows (as many per
    // project as this one's, written straight into it) are what its key lets the page skip.
    await db.sql`
      insert into projects (id, name, slug, plan)
      select 'prj_other' || t, 'Other ' || t, 'other-' || t, 'pro' from generate_series(1, ${OTHER_TENANTS}) t`;
    await db.sql`
      insert into analytics_daily (project_id, day, entry_id, views, clicks)
      select 'prj_other' || t, d.project_day, d.entry_id, d.views, d.clicks
      from generate_series(1, ${OTHER_TENANTS}) t,
           (select day as project_day, entry_id, views, clicks from analytics_daily where project_id = ${project.id}) d`;
    for (const table of ['entries', 'analytics_events', 'analytics_daily', 'reactions']) {
      await db.sql.unsafe(`vacuum analyze ${table}`);
    }
    const loadSeconds = (Date.now() - loadStart) / 1000;

    const queries: Query[] = PERIODS.flatMap((days) => {
      const range = dayRange(days);
      return [
        { name: `daily${days}`, run: (s) => dailyActivity(s, project.id, range) },
        { name: `entries${days}`, run: (s) => entryActivity(s, project.id, range, ENTRY_ROWS) },
      ];
    });
    const raw = new Map<string, Query['run']>(
      PERIODS.flatMap((days) => {
        const range = dayRange(days);
        return [
          [
            `daily${days}`,
            (s: Sql | TransactionSql) => dailyActivity(s, project.id, range, RAW_EVENT_COUNTS),
          ],
          [
            `entries${days}`,
            (s: Sql | TransactionSql) => entryActivity(s, project.id, range, ENTRY_ROWS, RAW_EVENT_COUNTS),
          ],
        ];
      }),
    );
    const rounds = server ? 20 : 40;
    const indexed = await timeQueries(db.sql, queries, rounds);
    const quarter = dayRange(90);
    console.log(
      `\nEXPLAIN, per-day counts over 90 days, with the index:\n${await plan(db.sql, project.id, quarter)}`,
    );
    const withoutIndex = await inRolledBack(db.sql, async (tx) => {
      await tx`alter table analytics_daily drop constraint analytics_daily_key`;
      console.log(`\nEXPLAIN, the same without it:\n${await plan(tx, project.id, quarter)}`);
      return timeQueries(tx, queries, Math.max(5, rounds / 4));
    });
    const events = await timeQueries(
      db.sql,
      queries.map((q) => ({ name: q.name, run: raw.get(q.name)! })),
      Math.max(3, rounds / 8),
    );
    const rollupRows = (await db.sql<{ n: number }[]>`select count(*)::int as n from analytics_daily`)[0]!.n;

    const result: Record<string, number> = {
      postgresql: server ? 1 : 0,
      events: eventCount,
      rollupRows,
      loadSeconds: Math.round(loadSeconds),
    };
    for (const { name } of queries) {
      const a = indexed.get(name)!;
      const b = withoutIndex.get(name)!;
      const c = events.get(name)!;
      result[`${name}P50Ms`] = Number(a.p50.toFixed(1));
      result[`${name}P95Ms`] = Number(a.p95.toFixed(1));
      result[`${name}NoIndexP50Ms`] = Number(b.p50.toFixed(1));
      result[`${name}NoIndexP95Ms`] = Number(b.p95.toFixed(1));
      result[`${name}SpeedupP50`] = Number((b.p50 / a.p50).toFixed(1));
      result[`${name}SpeedupP95`] = Number((b.p95 / a.p95).toFixed(1));
      result[`${name}RawEventsP50Ms`] = Number(c.p50.toFixed(1));
      result[`${name}VsRawEventsP50`] = Number((c.p50 / a.p50).toFixed(1));
    }
    return result;
  } finally {
    await close();
    await server?.drop();
  }
}
