/**
 * The main table of `npm run eval:drafts`: one row per repository, then one per side of the evaluation
 * (tuned, held-out, fresh, when present) and over all, each figure beside the baseline's.
 */
import {
  addCounts,
  type Counts,
  figures,
  type Figures,
  ZERO,
} from '../../core/drafting/validate/score-drafts.ts';
import type { EvalSet } from './build-corpus.ts';

export type Row = {
  repo: string;
  /** `*` fixture, `†` held out, `‡` fresh, `` tuned. */
  marker: string;
  ecosystem: string;
  workflow: string;
  commits: number;
  counts: Counts;
  baseCounts: Counts;
  figures: Figures;
  baseFigures: Figures;
};

/** What a row sums of one scored release. */
export type RowRelease = {
  release: { repo: string; ecosystem: string; workflow: string; commits: readonly unknown[] };
  counts: Counts;
  baseCounts: Counts;
};

/** How each side is marked in the tables. */
export const SET_MARKER: Record<EvalSet, string> = { tuned: '', 'held-out': '†', fresh: '‡' };

/** One row over `results` (one repository's releases, or a side's). */
export function rowOf(repo: string, marker: string, results: readonly RowRelease[]): Row {
  const counts = results.reduce((c, r) => addCounts(c, r.counts), ZERO);
  const baseCounts = results.reduce((c, r) => addCounts(c, r.baseCounts), ZERO);
  const first = results[0]?.release;
  return {
    repo,
    marker,
    ecosystem: first?.ecosystem ?? '',
    workflow: first?.workflow ?? '',
    commits: results.reduce((n, r) => n + r.release.commits.length, 0),
    counts,
    baseCounts,
    figures: figures(counts),
    baseFigures: figures(baseCounts),
  };
}

const num = (x: number | null) => (x === null ? ' n/a' : x.toFixed(2));
const pct = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 100)}%`);

function cells(row: Row): string[] {
  const f = row.figures;
  const b = row.baseFigures;
  return [
    row.repo + row.marker,
    row.ecosystem,
    row.workflow,
    String(row.counts.releases),
    String(row.commits),
    String(row.counts.notes),
    `${row.counts.drafted} (${row.baseCounts.drafted})`,
    `${num(f.precision)} (base ${num(b.precision)})`,
    `${num(f.recall)} (base ${num(b.recall)})`,
    `${pct(f.duplicates)} (base ${pct(b.duplicates)})`,
    `${pct(f.headline)} (base ${pct(b.headline)})`,
    row.counts.breakingNotes
      ? `${num(f.breakingRecall)} (base ${num(b.breakingRecall)}) /${row.counts.breakingNotes}`
      : 'n/a',
  ];
}

const HEADER = [
  'repository',
  'ecosystem',
  'workflow',
  'rel',
  'commits',
  'notes items',
  'drafted (base)',
  'precision',
  'recall',
  'duplicates',
  'headline',
  'breaking recall /items',
];

/** The header, a rule, then the rows (counts right-aligned). */
export function draftsTable(rows: readonly Row[]): string {
  const all = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i >= 3 && i <= 6 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return all
    .map((r, i) => (i === 1 ? `${widths.map((w) => '-'.repeat(w)).join('  ')}\n${line(r)}` : line(r)))
    .join('\n');
}
