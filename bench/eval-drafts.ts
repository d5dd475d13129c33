/**
 * `npm run eval:drafts [-- --releases | --hand-check [seed] | --learned [--leave-one-out] [--releases]
 * [--show owner/name@tag]] [--input log] [--sources <file>] [--corpus <dir>]`: the offline drafter and a
 * baseline, scored against what maintainers actually wrote (issue 17, "Evaluation you can trust");
 * `--learned`, the drafter with each repository's drafting profile learned from its earlier releases
 * (with `--leave-one-out`, from every other release), beside the plain drafter and the baseline (issue
 * 31, "Measure it as we will"; issue 37, "An honest evaluation"; `draftLearned` below,
 * `bench/eval/learned-drafts.ts`).
 *
 * Releases (`bench/eval/eval-releases.ts`): the committed fixtures (`test/fixtures/releases/`) and every
 * file of the evaluation corpus in `bench/corpus/` (git-ignored; built by `npx node
 * bench/eval/build-corpus.ts`, see bench/eval/MATCHER.md), or `--corpus <dir>`; with `--sources <file>`
 * (a `corpus-sources.json`-shaped file such as `bench/eval/fresh-sources.json`), the repositories it
 * lists alone, read from the corpus folder.
 *
 * For each release:
 * - the draft: `draftForEval(release)` below, the one place that calls the drafter;
 * - the baseline: what GitHub's generated release notes list, one item per pull request of the range
 *   (`Title (#N)`, first-parent order, newest first), titled by its first item, breaking when the
 *   title says so (`feat!:`, `breaking`). Fixtures have no pull-request data: there the baseline is one
 *   item per commit subject (their ranges have no merge commits, so these are the first-parent
 *   subjects), marked `*` in the table;
 * - both scored by `core/drafting/validate/score-drafts.ts` against the items of the maintainers' notes
 *   (`core/drafting/notes/read-notes.ts`; the matcher: `core/drafting/validate/match-items.ts`):
 *   precision, recall, duplicates, headline hit, breaking recall, micro-averaged per repository, over
 *   each side of the evaluation the sources file gives (tuned, held-out `†`, fresh `‡`), and over
 *   everything. Targets: precision ≥ 0.8, recall ≥ 0.8, headline ≥ 80%, duplicates ≤ 2%, breaking
 *   recall ≥ 0.9.
 */
import { parseArgs } from 'node:util';
import type { PullRequestInput } from '../core/contract/generate.schema.ts';
import { type DraftInput, draftRelease, learnProfile, type ProfileExample } from '../core/drafting/index.ts';
import { readNotes } from '../core/drafting/notes/read-notes.ts';
import {
  type Counts,
  type Draft,
  figures,
  type Figures,
  type Pair,
  scoreDraft,
  scoredDraftOf,
} from '../core/drafting/validate/score-drafts.ts';
import type { CorpusPullRequest, EvalSet } from './eval/build-corpus.ts';
import { draftsTable, type Row, rowOf, SET_MARKER } from './eval/drafts-table.ts';
import { type EvalOptions, type EvalRelease, loadEvalReleases } from './eval/eval-releases.ts';
import { handCheckSample, printHandCheck } from './eval/hand-check.ts';
import { reachableRecall } from './eval/reachable-recall.ts';
import {
  evaluateLearned,
  FIRST_LEARNED,
  type LearnedDrafters,
  learnedRows,
  learnedTable,
  type LearnFrom,
} from './eval/learned-drafts.ts';

export { type EvalRelease, loadEvalReleases } from './eval/eval-releases.ts';

/** A tag's version without its prefix (`v1.2.0`, `jq-1.8.1` → `1.2.0`, `1.8.1`): a title may start with it. */
export const versionOf = (tag: string) => tag.replace(/^[^\d]*(?=\d)/, '');

/**
 * A corpus pull request as the Action and the App send it (docs/api.md#generate-a-draft-from-commits-and-pull-requests `pullRequests`: `author` is a
 * login; `files`, `additions`, `deletions`: what it changed, when the corpus has them).
 */
function asInput(pr: CorpusPullRequest): PullRequestInput {
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body,
    labels: pr.labels,
    author: pr.login,
    firstContribution: pr.firstContribution,
    closes: pr.closes,
    ...(pr.files ? { files: pr.files, additions: pr.additions, deletions: pr.deletions } : {}),
  };
}

/**
 * What the drafter is given: `action`, what the Action and the App send (the first-parent messages,
 * merge commits included, each with what it changed, and the range's pull requests with their files);
 * `log`, what a CI script posting `git log prev..tag` sends (every commit, merges included, no
 * pull-request data, no files). Fixtures have only their commits either way. `npm run eval:drafts --
 * --input log` scores the second.
 */
export type InputMode = 'action' | 'log';

/** A release's drafting input (generate's body, `draftRelease`'s `input`) as `mode` sends it. */
export function draftInputOf(release: EvalRelease, mode: InputMode = 'action'): DraftInput {
  if (mode === 'log') {
    const merges = (release.firstParent ?? []).filter((c) => c.merge);
    return { commits: [...merges, ...release.commits].map((c) => c.message) };
  }
  return {
    commits: (release.firstParent ?? release.commits).map((c) => c.message),
    ...(release.firstParent && release.commitDetails ? { commitDetails: release.commitDetails } : {}),
    ...(release.pullRequests ? { pullRequests: release.pullRequests.map(asInput) } : {}),
  };
}

/**
 * The draft under evaluation, with no drafting profile (the built-in defaults; the learned table's
 * `plain`), as the scorer reads it (`scoredDraftOf`: the collapsed Dependencies/Maintenance lines are
 * not items; `**Breaking:** ` marks a breaking item).
 */
export function draftForEval(release: EvalRelease, mode: InputMode = 'action'): Draft {
  return scoredDraftOf(draftRelease(draftInputOf(release, mode), null));
}

const BASELINE_BREAKING = /^\w+(\([^)]*\))?!:|\bbreaking\b/i;

/** GitHub's generated notes: the pull-request titles (fixtures: the commit subjects). */
export function baselineDraft(release: EvalRelease): Draft {
  const items = release.pullRequests
    ? release.pullRequests.map((pr) => `${pr.title} (#${pr.number})`)
    : release.commits.map((c) => c.message.split('\n', 1)[0]!.trim());
  return {
    title: (items[0] ?? '').replace(/ \(#\d+\)$/, ''),
    items,
    breaking: items.map((item) => BASELINE_BREAKING.test(item)),
  };
}

export type ReleaseResult = {
  release: EvalRelease;
  draft: Draft;
  baseline: Draft;
  counts: Counts;
  baseCounts: Counts;
  pairs: Pair[];
  basePairs: Pair[];
};

export function scoreRelease(release: EvalRelease, mode: InputMode = 'action'): ReleaseResult {
  const notes = readNotes(release.releaseNotes);
  const version = versionOf(release.tag);
  const draft = draftForEval(release, mode);
  const baseline = baselineDraft(release);
  const ours = scoreDraft(draft, notes, version);
  const base = scoreDraft(baseline, notes, version);
  return {
    release,
    draft,
    baseline,
    counts: ours.counts,
    baseCounts: base.counts,
    pairs: ours.pairs,
    basePairs: base.pairs,
  };
}

const SETS: readonly EvalSet[] = ['tuned', 'held-out', 'fresh'];

/** A repository's marker in the tables: `*` fixture, else its side's (`†` held out, `‡` fresh). */
const markerOf = (release: EvalRelease, setOf: (repo: string) => EvalSet) =>
  release.origin === 'fixture' ? '*' : SET_MARKER[setOf(release.repo)];

/**
 * Every release scored: one row per repository, one per side of the evaluation that has releases
 * (tuned, held-out, fresh: the sources file's `set`), and one over all of them.
 */
export function evaluateDrafts(
  mode: InputMode = 'action',
  options: EvalOptions = {},
): {
  results: ReleaseResult[];
  rows: Row[];
  summaries: Row[];
  corpusPresent: boolean;
  corpusDir: string;
  /** Releases whose notes have no items (nothing to score against). */
  skipped: EvalRelease[];
} {
  const { releases, corpusPresent, corpusDir, setOf } = loadEvalReleases(options);
  const scored = releases.map((r) => scoreRelease(r, mode));
  const results = scored.filter((r) => r.counts.releases > 0);
  const repos = [...new Set(results.map((r) => r.release.repo))];
  const rows = repos.map((repo) => {
    const part = results.filter((r) => r.release.repo === repo);
    return rowOf(repo, markerOf(part[0]!.release, setOf), part);
  });
  const sides = SETS.map((set) => [set, results.filter((r) => setOf(r.release.repo) === set)] as const)
    .filter(([, part]) => part.length > 0)
    .map(([set, part]) => ({ ...rowOf(set, '', part), ecosystem: '', workflow: '' }));
  return {
    results,
    rows,
    summaries: [...sides, { ...rowOf('all', '', results), ecosystem: '', workflow: '' }],
    corpusPresent,
    corpusDir,
    skipped: scored.filter((r) => r.counts.releases === 0).map((r) => r.release),
  };
}

// ---- Learned mode (issue 31; bench/eval/learned-drafts.ts) ----

/** A release as an import of the history teaches it: the drafter's input for it and its notes. */
export function profileExampleOf(release: EvalRelease, mode: InputMode = 'action'): ProfileExample {
  return { changes: draftInputOf(release, mode), notes: release.releaseNotes };
}

/**
 * A release drafted with the drafting profile learned from `history` (other releases of its
 * repository, oldest first: the earlier ones, or every other one with `--leave-one-out`): what generate
 * does after `POST /api/v1/entries/import` of the history (`draftRelease`, the offline drafter's entry
 * with a profile).
 */
export function draftLearned(
  release: EvalRelease,
  history: readonly EvalRelease[],
  mode: InputMode = 'action',
): Draft {
  const profile = learnProfile(history.map((r) => profileExampleOf(r, mode)));
  return scoredDraftOf(draftRelease(draftInputOf(release, mode), profile));
}

/**
 * `--learned --show owner/name@tag`: that release's plain and learned drafts (title and items: the
 * before and after the README shows), then its notes' items.
 */
function showLearned(
  results: readonly { release: EvalRelease; draft: Draft }[],
  which: string,
  mode: InputMode,
): void {
  const found = results.find((r) => `${r.release.repo}@${r.release.tag}` === which);
  if (!found)
    throw new Error(
      `--show ${which}: no such scored release (owner/name@tag; without --leave-one-out, after its repository's first ${FIRST_LEARNED})`,
    );
  console.log(`# ${which}, plain (no profile)\n`);
  const plain = draftForEval(found.release, mode);
  const list = (d: Draft) => `${d.title}\n\n${d.items.map((i) => `- ${i}`).join('\n')}\n`;
  console.log(list(plain));
  console.log(`# ${which}, learned\n\n${list(found.draft)}`);
  console.log(
    `# ${which}, the maintainers' notes\n\n${readNotes(found.release.releaseNotes)
      .map((i) => `- ${i.markdown}${i.heading ? ` (${i.heading})` : ''}`)
      .join('\n')}`,
  );
}

const num = (x: number | null) => (x === null ? ' n/a' : x.toFixed(2));

/**
 * `--learned`: learned vs plain vs baseline, each release after its repository's first two learning
 * from the releases before it; with `--leave-one-out`, every release learning from all the others.
 */
function printLearned(mode: InputMode, options: CliOptions): void {
  const { releases, corpusPresent, corpusDir, setOf } = loadEvalReleases(options);
  const from: LearnFrom = options.leaveOneOut ? 'others' : 'earlier';
  const drafters: LearnedDrafters<EvalRelease> = {
    learned: (r, history) => draftLearned(r, history, mode),
    plain: (r) => draftForEval(r, mode),
    baseline: baselineDraft,
    score: (draft, r) => scoreDraft(draft, readNotes(r.releaseNotes), versionOf(r.tag)).counts,
  };
  const { results, skipped } = evaluateLearned(releases, drafters, from);
  if (options.show) return showLearned(results, options.show, mode);
  if (options.releases) {
    for (const r of results) {
      const [l, p, b] = [r.learned, r.plain, r.base].map(figures) as [Figures, Figures, Figures];
      console.log(
        `${r.release.repo} ${r.release.tag} (learned from ${r.learnedFrom}${from === 'others' ? ' others' : ''}): items ` +
          `${r.learned.drafted} / ${r.plain.drafted} / ${r.base.drafted} for ${r.learned.notes} notes, ` +
          `P ${num(l.precision)} / ${num(p.precision)} / ${num(b.precision)} ` +
          `R ${num(l.recall)} / ${num(p.recall)} / ${num(b.recall)} ` +
          `headline ${r.learned.headlineHits} / ${r.plain.headlineHits} / ${r.base.headlineHits} — ${r.draft.title}`,
      );
    }
    console.log('');
  }
  const { repos, summaries } = learnedRows(results, setOf);
  console.log(learnedTable(repos, summaries));
  const learnedFrom =
    from === 'others'
      ? 'every other release of the repository (leave-one-out by release)'
      : "the repository's earlier releases";
  const scored =
    from === 'others'
      ? `Every release of a repository with more than ${FIRST_LEARNED}`
      : `Each release after the first ${FIRST_LEARNED} of its repository`;
  console.log(
    `\nL = learned: the drafting profile learned from ${learnedFrom}` +
      `\n(their input and notes), then the release drafted with it. P = plain: the same drafter with no` +
      `\nprofile. B = base: the pull-request titles (fixtures *: the commit subjects).` +
      `\n${scored}; learn+draft ms: per release, learning included.` +
      `\nloses: learned precision below plain - 0.01 (P) or recall below plain - 0.03 (R).` +
      `\n† held out, ‡ fresh, as in the main table.` +
      `\nTargets on repositories nobody tuned on (issue 37): no repository loses; pooled, learned precision` +
      `\n≥ plain + 0.05 and ≥ base + 0.15, recall ≥ 0.78, headline ≥ 60%, duplicates ≤ 2%.`,
  );
  console.log(
    reachableLine(
      results.map((r) => r.release),
      setOf,
      mode,
    ),
  );
  if (skipped.length)
    console.log(`Not scored (notes without items): ${skipped.map((r) => `${r.repo} ${r.tag}`).join(', ')}.`);
  if (!corpusPresent) console.log(`\nThe evaluation corpus is absent (${corpusDir}): fixtures only.`);
}

/**
 * Per side of the evaluation, the recall a draft listing every change once reaches over `releases`
 * (bench/eval/reachable-recall.ts): the ceiling of any selection, beside which recall is read.
 */
function reachableLine(
  releases: readonly EvalRelease[],
  setOf: (repo: string) => EvalSet,
  mode: InputMode,
): string {
  const sides = SETS.map((set) => [set, releases.filter((r) => setOf(r.repo) === set)] as const)
    .filter(([, part]) => part.length > 0)
    .map(([set, part]) => `${set} ${num(reachableRecall(part, (r) => draftInputOf(r, mode)))}`);
  return `Recall a draft listing every change once reaches (the ceiling of any selection): ${sides.join(', ')}.`;
}

// ---- The command line ----

type CliOptions = EvalOptions & { releases: boolean; show?: string | undefined; leaveOneOut: boolean };

/** The main table, and `--releases`' one line per release before it. */
function printDrafts(mode: InputMode, options: CliOptions, handCheckSeed: number | null): void {
  const { results, rows, summaries, corpusPresent, corpusDir, skipped } = evaluateDrafts(mode, options);
  console.log(
    mode === 'log'
      ? 'Input: every commit of the range, merges included, no pull-request data (a CI script posting git log).'
      : 'Input: first-parent commits and the merged pull requests of the range (what the Action and the App send).',
  );
  if (handCheckSeed !== null) return printHandCheck(handCheckSample(results, 20, handCheckSeed));
  if (options.releases) {
    for (const r of results) {
      const f = figures(r.counts);
      const b = figures(r.baseCounts);
      console.log(
        `${r.release.repo} ${r.release.tag}: items ${r.counts.drafted}/${r.counts.notes} notes, ` +
          `P ${num(f.precision)} (${num(b.precision)}) R ${num(f.recall)} (${num(b.recall)}) ` +
          `headline ${r.counts.headlineHits} (${r.baseCounts.headlineHits}) — ${r.draft.title}`,
      );
    }
    console.log('');
  }
  console.log(draftsTable([...rows, ...summaries]));
  const { setOf } = loadEvalReleases(options);
  console.log(
    reachableLine(
      results.map((r) => r.release),
      setOf,
      mode,
    ),
  );
  console.log(
    `\nbase = the pull-request titles of the range (GitHub's generated notes), titled by the first one.` +
      `\n* fixture without pull-request data: base = one item per commit subject.` +
      `\n† held out: no drafting rule was fitted to its drafts (held-out = the † rows).` +
      `\n‡ fresh: nobody has drafted it before this run (fresh = the ‡ rows); reported on once, then spent.` +
      `\ntuned = the other rows. Sides: the sources file's "set" (bench/eval/MATCHER.md).` +
      `\nTargets: precision ≥ 0.8, recall ≥ 0.8, duplicates ≤ 2%, headline ≥ 80%, breaking recall ≥ 0.9.`,
  );
  if (skipped.length)
    console.log(`Not scored (notes without items): ${skipped.map((r) => `${r.repo} ${r.tag}`).join(', ')}.`);
  if (!corpusPresent)
    console.log(
      `\nThe evaluation corpus is absent (${corpusDir}): only the 3 fixture repositories were scored.` +
        `\nBuild it from git mirrors of the repositories in bench/eval/corpus-sources.json:` +
        `\n  npx node bench/eval/build-corpus.ts --git-dir-root <dir with owner+name/ git directories>`,
    );
  console.log(`\n${results.length} releases`);
}

if (import.meta.main) {
  const started = performance.now();
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      learned: { type: 'boolean', default: false },
      'leave-one-out': { type: 'boolean', default: false },
      releases: { type: 'boolean', default: false },
      'hand-check': { type: 'boolean', default: false },
      input: { type: 'string', default: 'action' },
      show: { type: 'string' },
      sources: { type: 'string' },
      corpus: { type: 'string' },
    },
  });
  if (values.input !== 'action' && values.input !== 'log')
    throw new Error(`--input ${values.input}: action or log`);
  const mode: InputMode = values.input;
  const options: CliOptions = {
    sources: values.sources,
    corpus: values.corpus,
    releases: values.releases!,
    show: values.show,
    leaveOneOut: values['leave-one-out']!,
  };
  if (options.leaveOneOut && !values.learned) throw new Error('--leave-one-out goes with --learned');
  if (values.learned) printLearned(mode, options);
  else printDrafts(mode, options, values['hand-check'] ? Number(positionals[0] ?? 23) || 23 : null);
  console.log(`\nDone in ${Math.round(performance.now() - started)} ms.`);
}
