/**
 * The bench table: one row per figure of `npm run bench`, each a ratio against a baseline measured in
 * the same run (or, where no like-for-like baseline exists, against its goal, said so), with the
 * machine it ran on; written to bench/RESULTS.md after a full run.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { format } from 'prettier';
import { BENCH_SERVER_URL } from './temp-database.ts';

export type Results = Record<string, Record<string, number>>;
type Row = { figure: string; measured: string; baseline: string; ratio: number; goal: string };

const fixed = (n: number | undefined, digits = 2) => (n === undefined ? 'n/a' : n.toFixed(digits));

/** The rows whose benchmarks ran (a filtered run has fewer). */
export function benchRows(r: Results): Row[] {
  const rows: Row[] = [];
  const add = (when: unknown, row: () => Row) => {
    if (when) rows.push(row());
  };
  const w = r.widget;
  add(w, () => ({
    figure: 'widget hot: requests/s, Shiplog vs a bare Fastify route replying the same bytes',
    measured: `${w!.shiplogRps} req/s`,
    baseline: `${w!.bareRps} req/s`,
    ratio: w!.ratio!,
    goal: '≥ 1.0',
  }));
  add(w, () => ({
    figure: 'widget hot: p99 latency, Shiplog vs bare',
    measured: `${w!.shiplogP99Ms} ms`,
    baseline: `${w!.bareP99Ms} ms`,
    ratio: Number((w!.shiplogP99Ms! / w!.bareP99Ms!).toFixed(2)),
    goal: '≤ 1.1',
  }));
  const lo = r.locales;
  add(lo, () => ({
    figure: 'widget hot: requests/s with three locales in use vs the same project with one',
    measured: `${lo!.threeLocalesRps} req/s`,
    baseline: `${lo!.oneLocaleRps} req/s`,
    ratio: lo!.ratio!,
    goal: '≥ 0.95',
  }));
  const c = r.cold;
  add(c, () => ({
    figure: 'widget cold (cache dropped before each request) vs hot, in process',
    measured: `${c!.coldMedianMs} ms`,
    baseline: `${c!.hotMedianMs} ms`,
    ratio: c!.ratio!,
    goal: 'report',
  }));
  const l = r.list;
  add(l, () => ({
    figure: `list: page 1000 vs page 1 on ${l!.entries!.toLocaleString('en')} entries (${l!.postgresql ? 'PostgreSQL' : 'embedded'})`,
    measured: `${l!.page1000MedianMs} ms`,
    baseline: `${l!.page1MedianMs} ms`,
    ratio: l!.ratio!,
    goal: '≤ 1.2',
  }));
  const s = r.search;
  add(s, () => ({
    figure: `search p95 vs the widget's newest-entries lookup p95, ${s!.entries!.toLocaleString('en')} entries across ${s!.projects} projects (${s!.postgresql ? 'PostgreSQL' : 'embedded'})`,
    measured: `${s!.searchP95Ms} ms`,
    baseline: `${s!.lookupP95Ms} ms`,
    ratio: s!.ratioP95!,
    goal: 'p95 < 20 ms',
  }));
  const a = r.analytics;
  add(a, () => ({
    figure: 'analytics ingest: 50-event batches vs single events (events/s)',
    measured: `${a!.batchedEventsPerSecond} ev/s`,
    baseline: `${a!.singleEventsPerSecond} ev/s`,
    ratio: a!.ratio!,
    goal: '≥ 5',
  }));
  const g = r.generate;
  // CPU time of the drafting process where measured: on a shared machine the wall clock is mostly others' load.
  add(g, () => {
    const ms = g!.offlineDraftCpuMedianMs ?? g!.offlineDraftMedianMs!;
    return {
      figure: 'offline draft of 500 commits vs its 50 ms budget (no like-for-like baseline)',
      measured: `${ms} ms${g!.offlineDraftCpuMedianMs === undefined ? '' : ` CPU (${g!.offlineDraftMedianMs} ms wall)`}`,
      baseline: '50 ms (goal)',
      ratio: Number((ms / 50).toFixed(2)),
      goal: '< 1',
    };
  });
  add(g, () => ({
    figure: 'AI prompt of the same 500 commits vs their naive concatenation (tokens)',
    measured: `${g!.promptTokens} tokens`,
    baseline: `${g!.naiveTokens} tokens`,
    ratio: g!.tokenRatio!,
    goal: '≤ 0.6',
  }));
  const lp = r.learn;
  add(lp, () => ({
    figure: `drafting profile learned from ${lp!.releases} real releases (${lp!.commits} commits) vs its 200 ms budget`,
    measured: `${lp!.learnCpuMedianMs} ms CPU (${lp!.learnMedianMs} ms wall)`,
    baseline: '200 ms (goal)',
    ratio: lp!.learnBudgetRatio!,
    goal: '< 1',
  }));
  add(lp, () => ({
    figure: `offline draft of ${lp!.draftCommits} commits with that profile vs its 50 ms budget`,
    measured: `${lp!.learnedDraftCpuMedianMs} ms CPU (${lp!.learnedDraftMedianMs} ms wall)`,
    baseline: '50 ms (goal)',
    ratio: lp!.learnedDraftBudgetRatio!,
    goal: '< 1',
  }));
  const d = r.dispatch;
  add(d, () => ({
    figure: `email fan-out to ${d!.subscribers!.toLocaleString('en')}: a bare nodemailer loop's time / Shiplog's, same ${d!.shiplogEmailBytes} B messages`,
    measured: `${d!.shiplogEmailSeconds} s`,
    baseline: `${d!.bareEmailSeconds} s`,
    ratio: d!.emailRatio!,
    goal: '≥ 1',
  }));
  const db = r.dashboard;
  add(db, () => ({
    figure: 'dashboard: first page (HTML, script, stylesheet) gzipped vs the 150 KB budget',
    measured: `${db!['first page bundle (bytes gzipped)']} B`,
    baseline: `${150 * 1024} B`,
    ratio: db!['bundle / 150 KB budget']!,
    goal: '≤ 1',
  }));
  add(db, () => ({
    figure: 'dashboard: navigation to an interactive entry list vs a bare static list page (Chromium)',
    measured: `${db!['navigation to interactive entry list, median ms']} ms`,
    baseline: `${db!['bare static list page, median ms']} ms`,
    ratio: db!['dashboard / bare page']!,
    goal: 'report',
  }));
  const i = r.instances;
  add(i, () => ({
    figure: `widget: two instances vs one, one PostgreSQL, ${i!.cores} cores (req/s)`,
    measured: `${i!.twoInstancesRps} req/s`,
    baseline: `${i!.oneInstanceRps} req/s`,
    ratio: i!.ratio!,
    goal: 'report',
  }));
  return rows;
}

async function databaseVersion(): Promise<string> {
  const pglite = JSON.parse(
    readFileSync(join(import.meta.dirname, '../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  const embedded = `embedded PGlite ${pglite.version}`;
  if (!BENCH_SERVER_URL) return embedded;
  const sql = postgres(BENCH_SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ version: string }[]>`select version()`;
    return `${row!.version.split(' on ')[0]} (list and two-instance figures); ${embedded} (the others)`;
  } finally {
    await sql.end();
  }
}

/** The machine, for RESULTS.md. */
export async function describeMachine(): Promise<string[]> {
  return [
    `- CPU: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown model'})`,
    `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node ${process.versions.node}, ${process.platform} ${process.arch}`,
    `- Database: ${await databaseVersion()}`,
    `- Load average when the run started (1, 5, 15 min): ${loadavg()
      .map((x) => fixed(x))
      .join(', ')}`,
  ];
}

export async function writeResults(rows: Row[], machine: string[], notes: string[]): Promise<void> {
  const table = [
    '| Figure | Measured | Baseline (same run) | Ratio | Goal |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.figure} | ${r.measured} | ${r.baseline} | ${r.ratio} | ${r.goal} |`),
  ];
  const text = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}; every ratio's`,
    'baseline was measured in the same run, on this machine:',
    '',
    ...machine,
    '',
    ...table,
    '',
    ...notes,
    '',
  ].join('\n');
  // Formatted as the repository's `prettier --check` expects, so a bench run leaves lint green.
  await writeFile(join(import.meta.dirname, 'RESULTS.md'), await format(text, { parser: 'markdown' }));
}
