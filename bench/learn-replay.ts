/**
 * Learning with its replay (issue 37 budget: learning plus the replay of 100 releases ≤ 2 s of CPU;
 * docs/drafting.md, "The profile proves itself"), on real releases: the 100 newest of the evaluation's
 * releases (the committed fixtures and, when built, the corpus in bench/corpus/; cycled when fewer),
 * each with what the Action sends (first-parent commits, their files, the pull requests).
 * - `learnCounts`: learning alone (each release read and paired once, the counts summed), CPU ms;
 * - `learnProfile`: the same plus the replay of the newest 10, each drafted plain and with each learned
 *   part from a profile learned without it, CPU ms; its ratio to learning alone, in the same run, and
 *   to the 2 s budget;
 * - 500 real commits drafted with that profile (the generate budget: 50 ms), and without a profile.
 * Medians of 3 runs after 1 warm-up (learning) and of 20 after 5 (drafting): CPU time of this process.
 */
import { draftRelease, learnCounts, learnProfile, type ProfileExample } from '../core/drafting/index.ts';
import { loadEvalReleases, profileExampleOf } from './eval-drafts.ts';
import { DRAFT_BUDGET_MS, medianMs } from './learn-profile.ts';

/** Learning plus the replay of 100 releases, in CPU ms (issue 37). */
export const LEARN_REPLAY_BUDGET_MS = 2000;
const RELEASES = 100;

const ratio = (ms: number, of: number) => Number((ms / of).toFixed(3));

export async function learnReplayBench(): Promise<Record<string, number>> {
  const { releases } = loadEvalReleases();
  const examples: ProfileExample[] = [];
  for (let i = 0; examples.length < RELEASES; i++)
    examples.push(profileExampleOf(releases[i % releases.length]!));
  const alone = medianMs(() => learnCounts(examples), 3, 1);
  const withReplay = medianMs(() => learnProfile(examples), 3, 1);
  const profile = learnProfile(examples);

  const ripgrep = releases.filter((r) => r.repo === 'BurntSushi/ripgrep');
  const main = ripgrep.find((r) => r.tag === '14.0.0')!;
  const commits = [main, ...ripgrep.filter((r) => r !== main)]
    .flatMap((r) => r.commits)
    .slice(0, 500)
    .map((c) => c.message);
  const learnedDraft = medianMs(() => draftRelease({ commits }, profile));
  const plainDraft = medianMs(() => draftRelease({ commits }, null));
  return {
    releases: examples.length,
    commits: examples.reduce((n, e) => n + e.changes.commits.length, 0),
    replayed: profile.validation?.releases ?? 0,
    learnAloneCpuMedianMs: alone.cpuMs,
    learnWithReplayCpuMedianMs: withReplay.cpuMs,
    learnWithReplayWallMedianMs: withReplay.wallMs,
    // What the replay adds to learning, in the same run.
    replayVsLearnAloneRatio: ratio(withReplay.cpuMs, alone.cpuMs),
    learnWithReplayBudgetRatio: ratio(withReplay.cpuMs, LEARN_REPLAY_BUDGET_MS),
    draftCommits: commits.length,
    learnedDraftCpuMedianMs: learnedDraft.cpuMs,
    learnedDraftBudgetRatio: ratio(learnedDraft.cpuMs, DRAFT_BUDGET_MS),
    plainDraftCpuMedianMs: plainDraft.cpuMs,
    learnedVsPlainDraftRatio: ratio(learnedDraft.cpuMs, plainDraft.cpuMs),
  };
}

if (import.meta.main) console.table(await learnReplayBench());
