/**
 * Generate benchmarks on real commits (ripgrep 14.0.0, 337 commits, padded to 500 with the commits of
 * ripgrep's other releases), through core/drafting's public entries as generate calls them
 * (server/services/drafting/generate-entry.ts: `draftRelease` offline, `writeRelease` with the model):
 * - the offline draft of 500 commits, in ms (`draftRelease` of generate's body with no drafting
 *   profile, a project without history; median of 20 runs, wall clock and this process's CPU time;
 *   hygiene included; goal < 50 ms);
 * - AI prompt tokens (o200k_base) vs a naive concatenation of the raw messages, same input
 *   (goal ≤ 0.6×), the prompt built from the brief `writeRelease` gives its writer (the changes the
 *   model is given), with a check that every reference of those changes is in the prompt;
 * - with the evaluation corpus built (bench/corpus/, see bench/eval/MATCHER.md): the prompt built from
 *   changes (first-parent commits and pull requests, as the Action sends them) vs the prompt built from
 *   every commit of the same ranges (what was sent before), summed over the merge-workflow releases
 *   (a range with nothing users would read is drafted without the model: no prompt, 0 tokens);
 * - the prompt with the project's voice (its profile in words and its 3 newest notes as examples, as
 *   generate sends it once a project has history) vs the same prompt without: the cost of the examples
 *   in tokens, bounded by their share of the budget (build-prompt.ts `EXAMPLE_SHARE`).
 */
import { buildPrompt, naivePromptTokens } from '../server/services/drafting/build-prompt.ts';
import { loadEvalReleases } from './eval-drafts.ts';
import type { PullRequestInput } from '../core/contract/generate.schema.ts';
import { type DraftInput, draftRelease, type WriterBrief, writeRelease } from '../core/drafting/index.ts';
import { loadReleases } from '../test/fixtures/releases/load-releases.ts';

/**
 * The brief `writeRelease` gives the AI drafter for `input` with no drafting profile; null when it
 * would not call the model (nothing users would read: generate drafts offline and sends no prompt).
 */
async function briefOf(input: DraftInput): Promise<WriterBrief | null> {
  let given: WriterBrief | null = null;
  await writeRelease(input, null, async (brief) => {
    given = brief;
    // The bench only reads the brief; an empty answer is refused as unusable and nothing is drafted.
    return { answer: { title: '', summary: '', sections: [] }, ...NO_MODEL };
  });
  return given;
}
const NO_MODEL = { provider: 'openai', model: 'none', usage: { inputTokens: 0, outputTokens: 0 } } as const;

/** The prompt tokens generate would send for `input` (0: it would not call the model). */
async function promptTokensOf(input: DraftInput): Promise<number> {
  const brief = await briefOf(input);
  return brief ? (await buildPrompt(brief.changes, brief.version, 24_000)).tokens : 0;
}

export async function generateDraft(): Promise<Record<string, number>> {
  const ripgrep = loadReleases().filter((r) => r.repo === 'BurntSushi/ripgrep');
  const main = ripgrep.find((r) => r.tag === '14.0.0')!;
  const others = ripgrep.filter((r) => r !== main).flatMap((r) => r.commits);
  const messages = [...main.commits, ...others].slice(0, 500).map((c) => c.message);
  // Generate's body with the commits alone: what the offline drafter is timed on.
  const input: DraftInput = { commits: messages };

  // A new input object per draft, as each request is: draft-release.ts reads an input once per object.
  for (let i = 0; i < 5; i++) draftRelease({ ...input }, null);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    draftRelease({ ...input }, null);
    const used = process.cpuUsage(cpu);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);

  const brief = (await briefOf({ ...input, version: '14.0.0' }))!;
  const clean = brief.changes;
  const prompt = await buildPrompt(clean, brief.version, 24_000);
  const naive = await naivePromptTokens(messages);
  // ripgrep's own notes of its three releases before 14.0.0, as the project's voice.
  const earlier = ripgrep
    .filter((r) => r !== main)
    .slice(-3)
    .map((r) => r.releaseNotes)
    .reverse();
  const voiced = await buildPrompt(clean, brief.version, 24_000, {
    description: 'Learned from 3 releases: lists features and fixes; leaves out docs and tests.',
    examples: earlier,
  });
  const missing = clean.changes.flatMap((c) => c.refs).filter((ref) => !prompt.user.includes(ref));
  if (missing.length > 0) throw new Error(`the prompt lost references: ${missing.join(', ')}`);
  // Changes vs commits, same ranges: merge-workflow releases of the corpus.
  let changeTokens = 0;
  let commitTokens = 0;
  for (const r of loadEvalReleases().releases) {
    if (!r.pullRequests || !r.firstParent?.some((c) => c.merge)) continue;
    const pullRequests: PullRequestInput[] = r.pullRequests.map((pr) => ({
      number: pr.number,
      title: pr.title,
      body: pr.body,
      labels: pr.labels,
      closes: pr.closes,
    }));
    changeTokens += await promptTokensOf({ commits: r.firstParent.map((c) => c.message), pullRequests });
    // Before: every commit of the range, each its own line (the commits inside merges, not the merges).
    commitTokens += await promptTokensOf({ commits: r.commits.map((c) => c.message) });
  }
  return {
    commits: messages.length,
    offlineDraftMedianMs: Number(times[10]!.toFixed(2)),
    // CPU time of this process only: on a machine shared with other jobs the wall-clock median
    // measures their load as much as the drafter.
    offlineDraftCpuMedianMs: Number(cpuTimes[10]!.toFixed(2)),
    promptTokens: prompt.tokens,
    naiveTokens: naive,
    tokenRatio: Number((prompt.tokens / naive).toFixed(3)),
    promptTokensWithVoice: voiced.tokens,
    voiceVsPlainTokenRatio: Number((voiced.tokens / prompt.tokens).toFixed(3)),
    refsInPrompt: new Set(clean.changes.flatMap((c) => c.refs)).size,
    corpusPromptTokensFromChanges: changeTokens,
    corpusPromptTokensFromCommits: commitTokens,
    changesVsCommitsTokenRatio: commitTokens ? Number((changeTokens / commitTokens).toFixed(3)) : Number.NaN,
  };
}
