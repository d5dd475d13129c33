/**
 * Readers' search (docs/api.md#readers-and-audiences-segments-summary-announcements: 1 million entries across projects still answer
 * in under 20 ms p95): p50 and p95 of the search query (db/public-search.ts: the generated
 * `search_vector`, its GIN index, `websearch_to_tsquery` and `ts_rank`, the reader's segments) over a
 * mix of queries (a common word, a rare one, two words, a phrase, `or`, a negation) in random projects,
 * against a plain indexed lookup measured in the same run: the widget's newest-entries query
 * (db/public-entries.ts `listPublicEntries`, through `entries_public`) for the same projects. Also the
 * whole HTTP search (`GET /api/widget/{slug}/search`, in process) for its p95.
 *
 * On PostgreSQL (DATABASE_URL; a database of its own there) with 1,000,000 entries across 1,000
 * projects (a tenth of them in `english`, the rest `simple`), bulk-loaded with generate_series: bodies
 * of 20 words drawn from a 400-word vocabulary skewed so a few words are in most entries and most are
 * rare; a tenth are drafts, a tenth internal, one in twenty for the `beta` segment. On the embedded
 * database, 100,000. `npm run bench -- search`.
 */
import { listPublicEntries } from '../server/db/public-entries.ts';
import { searchPublicEntries } from '../server/db/public-search.ts';
import { openBenchApp } from './open-bench-app.ts';
import { createBenchDatabase } from './temp-database.ts';

const PROJECTS = 1000;
const ROUNDS = 400;
const VOCABULARY = 400;

/** What readers type: words of the vocabulary (`w0` is the most common), in each syntax. */
const QUERIES = ['w1', 'w150', 'w3 w40', '"w2 w5"', 'w7 or w300', 'w4 -w1', 'w399', 'nothing'];

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const round = (n: number) => Number(n.toFixed(3));

async function timed(run: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

export async function searchBench(): Promise<Record<string, number>> {
  const server = await createBenchDatabase('search');
  const ENTRIES = server ? 1_000_000 : 100_000;
  const { app, db, close } = await openBenchApp({ label: 'search', databaseUrl: server?.url });
  const { sql } = db;
  try {
    const loadStarted = Date.now();
    await sql`
      insert into projects (id, name, slug, plan, search_language)
      select 'prj_bench' || g, 'Bench ' || g, 'bench-' || g, 'pro',
             (case when g % 10 = 0 then 'english' else 'simple' end)::regconfig
      from generate_series(1, ${PROJECTS}) g`;
    // The indexes are built once after the load (faster than row by row), as a restore would.
    await sql`drop index entries_search`;
    await sql`drop index entries_segmented`;
    await sql`select setseed(0.33)`;
    await sql`
      insert into entries (id, project_id, title, slug, body, html, category, visibility, status,
                           segments, search_language, published_at, created_at)
      select 'ent_bench' || lpad(g::text, 7, '0'), 'prj_bench' || (1 + g % ${PROJECTS}),
             w.title, 'entry-' || g, w.body, '<p>' || w.body || '</p>', 'fix',
             case when g % 10 = 3 then 'internal' else 'external' end,
             case when g % 10 = 7 then 'draft' else 'published' end,
             case when g % 20 = 1 then '{beta}'::text[] else '{}'::text[] end,
             (case when (1 + g % ${PROJECTS}) % 10 = 0 then 'english' else 'simple' end)::regconfig,
             case when g % 10 = 7 then null else timestamptz '2020-01-01' + g * interval '1 minute' end,
             timestamptz '2020-01-01' + g * interval '1 minute'
      from generate_series(1, ${ENTRIES}) g
      cross join lateral (
        select string_agg('w' || floor(${VOCABULARY} * power(random() + (g + k) * 0, 3))::int, ' ') filter (where k <= 4) as title,
               string_agg('w' || floor(${VOCABULARY} * power(random() + (g + k) * 0, 3))::int, ' ') as body
        from generate_series(1, 20) k
      ) w`;
    await sql`create index entries_search on entries using gin (search_vector)`;
    await sql`create index entries_segmented on entries using gin (segments) where cardinality(segments) > 0`;
    await sql`analyze entries`;
    await sql`analyze projects`;
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    const projectId = (i: number) => `prj_bench${1 + ((i * 7919) % PROJECTS)}`;
    const segments = (i: number) => (i % 4 === 0 ? ['beta'] : []);
    const search = (i: number) =>
      searchPublicEntries(sql, projectId(i), QUERIES[i % QUERIES.length]!, segments(i), 20);
    const lookup = (i: number) => listPublicEntries(sql, projectId(i), 20, undefined, segments(i));
    const http = async (i: number) => {
      const q = encodeURIComponent(QUERIES[i % QUERIES.length]!);
      const res = await app.inject({ url: `/api/widget/bench-${1 + ((i * 7919) % PROJECTS)}/search?q=${q}` });
      if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}`);
    };
    for (let i = 0; i < 100; i++) {
      await search(i);
      await lookup(i);
      await http(i);
    }
    const searchMs: number[] = [];
    const lookupMs: number[] = [];
    const httpMs: number[] = [];
    let matched = 0;
    for (let i = 0; i < ROUNDS; i++) {
      // Interleaved, so that a busy moment of the machine weighs on both alike.
      const t = process.hrtime.bigint();
      matched += (await search(i)).length;
      searchMs.push(Number(process.hrtime.bigint() - t) / 1e6);
      lookupMs.push(await timed(() => lookup(i)));
      httpMs.push(await timed(() => http(i)));
    }
    // The plan of a small project's search (db/public-search.ts): its own entries, not the GIN index.
    const plan = await sql.unsafe(
      `explain (analyze, buffers off, timing off)
       select id from (select * from entries
                       where project_id = 'prj_bench1' and status = 'published' and visibility = 'external'
                         and cardinality(segments) = 0 offset 0) e,
         websearch_to_tsquery('simple', 'w3 w40') query
       where search_vector @@ query
       order by ts_rank(search_vector, query) desc limit 20`,
    );
    console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
    const searchP95 = percentile(searchMs, 0.95);
    const lookupP95 = percentile(lookupMs, 0.95);
    return {
      postgresql: server ? 1 : 0,
      entries: ENTRIES,
      projects: PROJECTS,
      loadSeconds: round(loadSeconds),
      searchP50Ms: round(percentile(searchMs, 0.5)),
      searchP95Ms: round(searchP95),
      lookupP50Ms: round(percentile(lookupMs, 0.5)),
      lookupP95Ms: round(lookupP95),
      httpSearchP50Ms: round(percentile(httpMs, 0.5)),
      httpSearchP95Ms: round(percentile(httpMs, 0.95)),
      ratioP95: round(searchP95 / lookupP95),
      meanResults: round(matched / ROUNDS),
    };
  } finally {
    await close();
    await server?.drop();
  }
}
