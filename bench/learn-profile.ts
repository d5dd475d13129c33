/**
 * Drafting-profile benchmarks (issue 31 targets: learning from 10 releases in < 200 ms, 500 commits
 * still drafted offline in < 50 ms with a profile), on real releases:
 * - `learnProfile` on ripgrep's 10 committed fixture releases (783 commits with their notes, commits
 *   only: the fixtures have no first-parent or file data), in ms: median of 20 runs after 5 warm-ups,
 *   wall clock and this process's CPU time, and the CPU median as a ratio to the 200 ms budget;
 * - with the evaluation corpus built (bench/corpus/, see bench/eval/MATCHER.md): the same on the 10
 *   corpus releases with the most first-parent commits, each with its commits' changed files and its
 *   pull requests (the heaviest input an import gives the learner);
 * - the offline draft of 500 real commits (ripgrep's, as bench/generate-draft.ts drafts them) with the
 *   profile learned above, against the 50 ms budget, and against the same draft with no profile.
 */
import { draftRelease } from '../core/drafting/draft-release.ts';
import { learnProfile, type ProfileExample } from '../core/drafting/index.ts';
import { loadEvalReleases, profileExampleOf } from './eval-drafts.ts';

/** Median wall-clock and CPU ms of `runs` calls of `fn`, after `warm` calls (JIT, caches). */
export function medianMs(fn: () => unknown, runs = 20, warm = 5): { wallMs: number; cpuMs: number } {
  for (let i = 0; i < warm; i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const c = process.cpuUsage();
    fn();
    const used = process.cpuUsage(c);
    wall.push(Number(process.hrtime.bigint() - t) / 1e6);
    cpu.push((used.user + used.system) / 1000);
  }
  const mid = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return Number(((s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2).toFixed(2));
  };
  return { wallMs: mid(wall), cpuMs: mid(cpu) };
}

/** The learning budget (issue 31): 10 releases in < 200 ms. */
export const LEARN_BUDGET_MS = 200;
/** The drafting budget (issue 31, spec): 500 commits offline in < 50 ms. */
export const DRAFT_BUDGET_MS = 50;

const ratio = (ms: number, of: number) => Number((ms / of).toFixed(3));

export async function learnProfileBench(): Promise<Record<string, number>> {
  const { releases } = loadEvalReleases();
  const ripgrep = releases.filter((r) => r.repo === 'BurntSushi/ripgrep').slice(-10);
  if (ripgrep.length < 10) throw new Error(`10 ripgrep fixture releases expected, found ${ripgrep.length}`);
  const examples: ProfileExample[] = ripgrep.map((r) => profileExampleOf(r));
  const learn = medianMs(() => learnProfile(examples));

  const heaviest = releases
    .filter((r) => r.commitDetails && r.pullRequests)
    .sort((a, b) => b.firstParent!.length - a.firstParent!.length)
    .slice(0, 10);
  const corpusExamples = heaviest.map((r) => profileExampleOf(r));
  const corpus = heaviest.length === 10 ? medianMs(() => learnProfile(corpusExamples)) : null;

  // The 500 commits bench/generate-draft.ts drafts: 14.0.0's, padded with the other releases'.
  const main = ripgrep.find((r) => r.tag === '14.0.0')!;
  const messages = [main, ...ripgrep.filter((r) => r !== main)]
    .flatMap((r) => r.commits)
    .slice(0, 500)
    .map((c) => c.message);
  const profile = learnProfile(examples);
  const input = { commits: messages };
  const learnedDraft = medianMs(() => draftRelease({ ...input }, profile)); // a new input per draft, as a request
  const plainDraft = medianMs(() => draftRelease({ ...input }, null));
  return {
    releases: examples.length,
    commits: examples.reduce((n, e) => n + e.changes.commits.length, 0),
    learnMedianMs: learn.wallMs,
    // CPU time of this process: on a machine shared with other jobs the wall clock measures their load too.
    learnCpuMedianMs: learn.cpuMs,
    learnBudgetRatio: ratio(learn.cpuMs, LEARN_BUDGET_MS),
    ...(corpus
      ? {
          corpusCommits: corpusExamples.reduce((n, e) => n + e.changes.commits.length, 0),
          corpusLearnMedianMs: corpus.wallMs,
          corpusLearnCpuMedianMs: corpus.cpuMs,
          corpusLearnBudgetRatio: ratio(corpus.cpuMs, LEARN_BUDGET_MS),
        }
      : {}),
    draftCommits: messages.length,
    learnedDraftMedianMs: learnedDraft.wallMs,
    learnedDraftCpuMedianMs: learnedDraft.cpuMs,
    learnedDraftBudgetRatio: ratio(learnedDraft.cpuMs, DRAFT_BUDGET_MS),
    // The same commits with no profile, in the same run: what the profile costs a draft.
    plainDraftCpuMedianMs: plainDraft.cpuMs,
    learnedVsPlainDraftRatio: ratio(learnedDraft.cpuMs, plainDraft.cpuMs),
  };
}

if (import.meta.main) console.table(await learnProfileBench());
