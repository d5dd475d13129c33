/**
 * A small frozen evaluation (docs/drafting.md, "The profile proves itself"): releases of three
 * repositories the drafting rules were tuned on, frozen in test/fixtures/drafting-eval/ (see its
 * README for sources and licences) with what the Action sends for each. Each release after the first
 * two of its repository is drafted plain and with the profile learned from the releases before it
 * (`learnProfile`: learning and its replay, as an import gives it), both scored against the release's
 * own notes with the evaluation's matcher. Learned may not lose to plain by more than 0.02 in precision
 * or recall on any repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GenerateInput } from '../../../core/contract/generate.schema.ts';
import { draftRelease, learnProfile } from '../../../core/drafting/index.ts';
import { readNotes } from '../../../core/drafting/notes/read-notes.ts';
import {
  addCounts,
  type Counts,
  figures,
  scoreDraft,
  scoredDraftOf,
  ZERO,
} from '../../../core/drafting/validate/score-drafts.ts';

type Frozen = {
  repo: string;
  tag: string;
  input: Pick<GenerateInput, 'commits' | 'commitDetails' | 'pullRequests'>;
  releaseNotes: string;
};

const DIR = join(import.meta.dirname, '../../fixtures/drafting-eval');
const repositories = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Frozen[]);

/** Learned may lose at most this much to plain, in precision or recall, on any repository. */
const TOLERANCE = 0.02;

function evaluate(releases: readonly Frozen[]): { learned: Counts; plain: Counts } {
  let learned = ZERO;
  let plain = ZERO;
  for (let k = 2; k < releases.length; k++) {
    const release = releases[k]!;
    const notes = readNotes(release.releaseNotes);
    const profile = learnProfile(
      releases.slice(0, k).map((r) => ({ changes: r.input, notes: r.releaseNotes })),
    );
    const score = (p: typeof profile | null) =>
      scoreDraft(scoredDraftOf(draftRelease(release.input, p)), notes, '').counts;
    learned = addCounts(learned, score(profile));
    plain = addCounts(plain, score(null));
  }
  return { learned, plain };
}

describe('the frozen evaluation: learned never loses to plain', () => {
  it.each(repositories.map((releases) => [releases[0]!.repo, releases] as const))(
    '%s',
    (_repo, releases) => {
      const { learned, plain } = evaluate(releases);
      const [l, p] = [figures(learned), figures(plain)];
      expect(learned.releases).toBe(releases.length - 2);
      expect(l.precision!).toBeGreaterThanOrEqual(p.precision! - TOLERANCE);
      expect(l.recall!).toBeGreaterThanOrEqual(p.recall! - TOLERANCE);
    },
    60_000,
  );
});
