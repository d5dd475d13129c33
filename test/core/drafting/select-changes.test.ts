/**
 * Selection (core/drafting/select/counts-selector.ts; docs/drafting.md, "The drafting profile"): an
 * untyped change worded the way the project words its breaking changes is breaking; a change its author
 * typed is never re-decided by the profile.
 */
import { describe, expect, it } from 'vitest';
import { cleanChanges } from '../../../core/drafting/clean-changes.ts';
import { contentWords } from '../../../core/drafting/changes/content-words.ts';
import { countsSelector, soundsBreaking } from '../../../core/drafting/select/counts-selector.ts';
import type { LessonChange } from '../../../core/drafting/select/selector.ts';

/** A change the notes listed, breaking or not, with the words of `text`. */
const listed = (text: string, breaking: boolean): LessonChange => ({
  kind: breaking ? 'breaking' : 'improvement',
  size: 'small',
  words: [...contentWords(text)],
  listed: true,
  breaking,
});

// Three releases whose notes call every renamed setting breaking.
const state = countsSelector.learn(
  [1, 2, 3].map((n) => ({
    coverage: 1,
    changes: [listed(`Rename the old${n} setting`, true), listed(`Faster parsing of file ${n}`, false)],
  })),
);
const options = { internalPaths: [], listing: false, breaking: true };

describe('breaking wording', () => {
  it('marks an untyped change worded like the project’s breaking changes as breaking', () => {
    expect(soundsBreaking(state, 'Rename the colour setting')).toBe(true);
    expect(soundsBreaking(state, 'Faster parsing of large files')).toBe(false);
    const selected = countsSelector.select(
      cleanChanges({ commits: ['Rename the colour setting', 'Faster parsing of large files'] }),
      state,
      options,
    );
    expect(selected.changes.map((c) => [c.text, c.breaking, c.decidedBy])).toEqual([
      ['Rename the colour setting', true, 'profile'],
      ['Faster parsing of large files', false, 'words'],
    ]);
  });

  it('leaves what the author typed, and the part the replay did not keep, alone', () => {
    const typed = countsSelector.select(
      cleanChanges({ commits: ['feat: rename the colour setting'] }),
      state,
      options,
    );
    expect(typed.changes[0]).toMatchObject({ breaking: false, decidedBy: 'author' });
    const notKept = countsSelector.select(cleanChanges({ commits: ['Rename the colour setting'] }), state, {
      ...options,
      breaking: false,
    });
    expect(notKept.changes[0]!.breaking).toBe(false);
  });
});
