/**
 * The learned mode of `npm run eval:drafts -- --learned` (issue 31, "Measure it as we will"): for each
 * repository and each release (releases oldest first), the drafting profile is learned from other
 * releases of that repository (their drafting input and their notes, what an import of the history
 * gives), the release is drafted with it, and scored against its notes beside the same drafter
 * without a profile (`plain`) and the pull-request-title baseline, all three on the same releases.
 * Which releases a profile learns from (`LearnFrom`):
 * - `earlier` (the default): releases 0…k-1, for each release k after the first two: what an import
 *   of the history before a release teaches;
 * - `others` (`--leave-one-out`, issue 37): every other release of the repository, before and after,
 *   for every release: leave-one-out by release, so each repository's every release is scored.
 * Rows: one per repository, then tuned, held-out, fresh and all, micro-averaged as in the main table
 * (`score-drafts.ts`).
 *
 * The drafters and the scorer are arguments (`eval-drafts.ts` passes its own), so this file holds only
 * the loop and the table. */
import {
  addCounts,
  type Counts,
  type Draft,
  figures,
  type Figures,
  ZERO,
} from '../../core/drafting/validate/score-drafts.ts';
import type { EvalSet } from './build-corpus.ts';

/** What the loop needs of a release. */
export type LearnedRelease = { repo: string; tag: string; origin: 'fixture' | 'corpus'; ecosystem: string };

/** Which side of the evaluation a repository is on: tuned, held out (`†`) or fresh (`‡`). */
export type RepoGroup = EvalSet;

export type LearnedDrafters<R> = {
  /** A release drafted with the profile learned from `history` (other releases of its repository, oldest first). */
  learned: (release: R, history: readonly R[]) => Draft;
  /** The same drafter with no profile. */
  plain: (release: R) => Draft;
  baseline: (release: R) => Draft;
  /** One draft against the release's notes (counts.releases 0: the notes have no items). */
  score: (draft: Draft, release: R) => Counts;
};

/** The three drafts of one release, as counts. */
export type LearnedCounts = { learned: Counts; plain: Counts; base: Counts };

export type LearnedResult<R> = LearnedCounts & {
  release: R;
  /** How many releases the profile was learned from. */
  learnedFrom: number;
  draft: Draft;
  /** Learning the profile and drafting with it, in ms. */
  ms: number;
};

export type LearnedRow = LearnedCounts & {
  name: string;
  marker: string;
  ecosystem: string;
  /** Learning the profile and drafting with it, summed over the row's releases, in ms. */
  learnedMs: number;
};

/** Releases of the same repository stay in the order given (oldest first). */
function byRepository<R extends LearnedRelease>(releases: readonly R[]): Map<string, R[]> {
  const repos = new Map<string, R[]>();
  for (const r of releases) repos.set(r.repo, [...(repos.get(r.repo) ?? []), r]);
  return repos;
}

/** The fewest releases a profile learns from: with `earlier`, each repository's first two are not scored. */
export const FIRST_LEARNED = 2;

/**
 * Which releases a release's profile is learned from: `earlier`, those before it (an import of the
 * history up to it); `others`, every other release of its repository (leave-one-out by release).
 */
export type LearnFrom = 'earlier' | 'others';

/** The releases release `k` of `history` learns from, oldest first. */
export function historyOf<R>(history: readonly R[], k: number, from: LearnFrom): R[] {
  return from === 'earlier' ? history.slice(0, k) : history.filter((_, j) => j !== k);
}

/**
 * Every release whose history (`from`) holds at least `FIRST_LEARNED` releases, drafted three ways and
 * scored; releases whose notes have no items are drafted but not scored (they stay in the others'
 * history).
 */
export function evaluateLearned<R extends LearnedRelease>(
  releases: readonly R[],
  drafters: LearnedDrafters<R>,
  from: LearnFrom = 'earlier',
): { results: LearnedResult<R>[]; skipped: R[] } {
  const results: LearnedResult<R>[] = [];
  const skipped: R[] = [];
  for (const history of byRepository(releases).values()) {
    for (let k = 0; k < history.length; k++) {
      const release = history[k]!;
      const learnedFrom = historyOf(history, k, from);
      if (learnedFrom.length < FIRST_LEARNED) continue;
      const started = performance.now();
      const draft = drafters.learned(release, learnedFrom);
      const ms = performance.now() - started;
      const learned = drafters.score(draft, release);
      if (learned.releases === 0) {
        skipped.push(release);
        continue;
      }
      results.push({
        release,
        learnedFrom: learnedFrom.length,
        draft,
        ms,
        learned,
        plain: drafters.score(drafters.plain(release), release),
        base: drafters.score(drafters.baseline(release), release),
      });
    }
  }
  return { results, skipped };
}

function sum(
  name: string,
  marker: string,
  ecosystem: string,
  part: readonly LearnedResult<unknown>[],
): LearnedRow {
  const add = (key: keyof LearnedCounts) => part.reduce((c, r) => addCounts(c, r[key]), ZERO);
  return {
    name,
    marker,
    ecosystem,
    learned: add('learned'),
    plain: add('plain'),
    base: add('base'),
    learnedMs: part.reduce((ms, r) => ms + r.ms, 0),
  };
}

/** One row per repository (in the order of `results`), then tuned, held-out, fresh (when present) and all. */
export function learnedRows<R extends LearnedRelease>(
  results: readonly LearnedResult<R>[],
  groupOf: (repo: string) => RepoGroup,
): { repos: LearnedRow[]; summaries: LearnedRow[] } {
  const marker = (r: LearnedRelease) =>
    r.origin === 'fixture' ? '*' : { tuned: '', 'held-out': '†', fresh: '‡' }[groupOf(r.repo)];
  const repos = [...new Set(results.map((r) => r.release.repo))].map((repo) => {
    const part = results.filter((r) => r.release.repo === repo);
    return sum(repo, marker(part[0]!.release), part[0]!.release.ecosystem, part);
  });
  const groups = (['tuned', 'held-out', 'fresh'] as const)
    .map((g) =>
      sum(
        g,
        '',
        '',
        results.filter((r) => groupOf(r.release.repo) === g),
      ),
    )
    .filter((row) => row.learned.releases > 0);
  return { repos, summaries: [...groups, sum('all', '', '', results)] };
}

const num = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
const pct = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 100)}%`);

/** `learned / plain / base` of one figure. */
function triple(row: LearnedRow, pick: (f: Figures) => number | null, show: (x: number | null) => string) {
  return [row.learned, row.plain, row.base].map((c) => show(pick(figures(c)))).join(' / ');
}

export const LEARNED_HEADER = [
  'repository',
  'ecosystem',
  'rel',
  'notes items',
  'drafted L / P / B',
  'precision L / P / B',
  'recall L / P / B',
  'duplicates L / P / B',
  'headline L / P / B',
  'breaking L / P / B',
  'learn+draft ms',
  'loses',
];

/**
 * Where learned loses to plain (issue 37's rule): precision below plain − 0.01 (`P`) or recall below
 * plain − 0.03 (`R`); `-` when it loses neither.
 */
export function losesTo(learned: Figures, plain: Figures): string {
  const lost = [
    learned.precision !== null && plain.precision !== null && learned.precision < plain.precision - 0.01
      ? 'P'
      : '',
    learned.recall !== null && plain.recall !== null && learned.recall < plain.recall - 0.03 ? 'R' : '',
  ].join('');
  return lost || '-';
}

function cells(row: LearnedRow): string[] {
  const breaking = row.learned.breakingNotes;
  return [
    row.name + row.marker,
    row.ecosystem,
    String(row.learned.releases),
    String(row.learned.notes),
    [row.learned, row.plain, row.base].map((c) => c.drafted).join(' / '),
    triple(row, (f) => f.precision, num),
    triple(row, (f) => f.recall, num),
    triple(row, (f) => f.duplicates, pct),
    triple(row, (f) => f.headline, pct),
    breaking
      ? `${[row.learned, row.plain, row.base].map((c) => c.breakingMatched).join(' / ')} of ${breaking}`
      : 'n/a',
    (row.learnedMs / Math.max(1, row.learned.releases)).toFixed(1),
    losesTo(figures(row.learned), figures(row.plain)),
  ];
}

/** The table: a header, a rule, the repositories, a rule, the summaries. Numbers right-aligned. */
export function learnedTable(repos: readonly LearnedRow[], summaries: readonly LearnedRow[]): string {
  const rows = [LEARNED_HEADER, ...repos.map(cells), ...summaries.map(cells)];
  const widths = LEARNED_HEADER.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [
    line(LEARNED_HEADER),
    rule,
    ...repos.map((r) => line(cells(r))),
    rule,
    ...summaries.map((r) => line(cells(r))),
  ].join('\n');
}
