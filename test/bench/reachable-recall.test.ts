/**
 * What recall can reach (bench/eval/reachable-recall.ts): a draft listing every change once matches
 * notes items the drafter leaves in Maintenance, never one no change matches.
 */
import { describe, expect, it } from 'vitest';
import { everyChangeDraft, reachableRecall } from '../../bench/eval/reachable-recall.ts';
import { draftRelease } from '../../core/drafting/index.ts';
import { readNotes } from '../../core/drafting/notes/read-notes.ts';
import { scoreDraft, scoredDraftOf, figures } from '../../core/drafting/validate/score-drafts.ts';

const release = {
  input: {
    commits: [
      'feat: add a --porcelain flag to the status command (#41)',
      'docs: explain the porcelain format in the guide (#42)',
      'chore: bump the linter (#43)',
    ],
  },
  releaseNotes: [
    '- Add a --porcelain flag to the status command (#41)',
    '- Explain the porcelain format in the guide (#42)',
    '- Startup is twice as fast on large repositories',
  ].join('\n'),
};

describe('reachable recall', () => {
  it('lists every change once, internal work included, so only an item no change matches is out of reach', () => {
    const notes = readNotes(release.releaseNotes);
    const every = everyChangeDraft(release.input);
    expect(every.items).toHaveLength(3);
    expect(figures(scoreDraft(every, notes, '').counts).recall).toBeCloseTo(2 / 3);
    // The drafter folds the docs change into Maintenance, below what a selection could reach.
    const plain = scoredDraftOf(draftRelease(release.input, null));
    expect(figures(scoreDraft(plain, notes, '').counts).recall).toBeCloseTo(1 / 3);
    expect(reachableRecall([release], (r) => r.input)).toBeCloseTo(2 / 3);
  });
});
