/** `npm run bench`: every benchmark, each figure with the baseline measured in the same run. */
import { analyticsIngest } from './analytics-ingest.ts';
import { collectCommitsBench } from './collect-commits.ts';
import { dispatchBench } from './dispatch.ts';
import { generateDraft } from './generate-draft.ts';
import { listDepth } from './list-depth.ts';
import { signInBench } from './sign-in.ts';
import { widgetThroughput } from './widget-throughput.ts';
import { widgetEmbedBench } from './widget-embed.ts';

const BENCHMARKS: [name: string, label: string, run: () => Promise<Record<string, number>>][] = [
  ['widget', 'widget GET: Shiplog vs bare Fastify, same bytes, 50 connections', widgetThroughput],
  ['list', 'list: page 1 vs page 1000 on 100k entries', listDepth],
  [
    'generate',
    'generate: offline draft of 500 real commits, AI prompt tokens vs naive concatenation',
    generateDraft,
  ],
  ['analytics', 'analytics ingest: 50-event batches vs single events, embedded database', analyticsIngest],
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
    'sign-in',
    'sign-in: one argon2id verification (goal 50–250 ms) vs the library defaults; the endpoint vs GET session',
    signInBench,
  ],
  [
    'collect',
    'action: 500 commits through the REST API, and the API calls per 100 merged pull requests, vs release-drafter’s 15-per-page GraphQL history',
    collectCommitsBench,
  ],
];

const only = process.argv.slice(2);
const results: Record<string, Record<string, number>> = {};
for (const [name, label, run] of BENCHMARKS) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`${label}…`);
  results[name] = await run();
  console.table(results[name]);
}
console.log(JSON.stringify(results));
