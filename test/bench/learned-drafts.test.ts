/**
 * The learned mode's loop (bench/eval/learned-drafts.ts): which releases each release's profile learns
 * from. `earlier`: the releases before it, from the third release on; `others` (leave-one-out by
 * release, issue 37): every other release of its repository, before and after it, never itself.
 */
import { describe, expect, it } from 'vitest';
import { ZERO } from '../../core/drafting/validate/score-drafts.ts';
import { evaluateLearned, type LearnedDrafters } from '../../bench/eval/learned-drafts.ts';

type R = { repo: string; tag: string; origin: 'corpus'; ecosystem: string };
const release = (repo: string, tag: string): R => ({ repo, tag, origin: 'corpus', ecosystem: 'go' });
const releases = [
  ...['1', '2', '3', '4'].map((t) => release('a/one', t)),
  ...['1', '2'].map((t) => release('b/two', t)),
  ...['1', '2', '3'].map((t) => release('c/three', t)),
];

/** Drafters that record each release's history; every draft scores as one release. */
function recording(): { seen: string[]; drafters: LearnedDrafters<R> } {
  const seen: string[] = [];
  const draft = { title: '', items: [], breaking: [] };
  return {
    seen,
    drafters: {
      learned: (r, history) => {
        seen.push(`${r.repo}@${r.tag} ← ${history.map((h) => `${h.repo}@${h.tag}`).join(' ')}`);
        return draft;
      },
      plain: () => draft,
      baseline: () => draft,
      score: () => ({ ...ZERO, releases: 1 }),
    },
  };
}

describe('evaluateLearned', () => {
  it('learns each release after the first two from the releases before it', () => {
    const { seen, drafters } = recording();
    const { results } = evaluateLearned(releases, drafters);
    expect(seen).toEqual([
      'a/one@3 ← a/one@1 a/one@2',
      'a/one@4 ← a/one@1 a/one@2 a/one@3',
      'c/three@3 ← c/three@1 c/three@2',
    ]);
    expect(results.map((r) => r.learnedFrom)).toEqual([2, 3, 2]);
  });

  it('leave-one-out: learns every release from all the other releases of its repository', () => {
    const { seen, drafters } = recording();
    const { results } = evaluateLearned(releases, drafters, 'others');
    expect(seen).toEqual([
      'a/one@1 ← a/one@2 a/one@3 a/one@4',
      'a/one@2 ← a/one@1 a/one@3 a/one@4',
      'a/one@3 ← a/one@1 a/one@2 a/one@4',
      'a/one@4 ← a/one@1 a/one@2 a/one@3',
      // b/two: one other release is too few to learn from (FIRST_LEARNED).
      'c/three@1 ← c/three@2 c/three@3',
      'c/three@2 ← c/three@1 c/three@3',
      'c/three@3 ← c/three@1 c/three@2',
    ]);
    expect(results.map((r) => r.learnedFrom)).toEqual([3, 3, 3, 3, 2, 2, 2]);
  });
});
