/** `npm run bench`: every benchmark, each figure with the baseline measured in the same run. */
import { analyticsIngest } from './analytics-ingest.ts';
import { collectCommitsBench } from './collect-commits.ts';
import { generateDraft } from './generate-draft.ts';
import { listDepth } from './list-depth.ts';
import { widgetThroughput } from './widget-throughput.ts';

const results: Record<string, Record<string, number>> = {};
console.log('widget GET: Shiplog vs bare Fastify, same bytes, 50 connections…');
results.widget = await widgetThroughput();
console.table(results.widget);
console.log('list: page 1 vs page 1000 on 100k entries…');
results.list = await listDepth();
console.table(results.list);
console.log('generate: offline draft of 500 real commits, AI prompt tokens vs naive concatenation…');
results.generate = await generateDraft();
console.table(results.generate);
console.log('analytics ingest: 50-event batches vs single events, embedded database…');
results.analytics = await analyticsIngest();
console.table(results.analytics);
console.log('action: collecting 500 commits through the REST API vs release-drafter’s 15-per-page GraphQL…');
results.collect = await collectCommitsBench();
console.table(results.collect);
console.log(JSON.stringify(results));
