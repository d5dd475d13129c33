/**
 * The evaluation's matcher (core/drafting/validate/match-items.ts, rule in its docstring and
 * bench/eval/MATCHER.md), which the profile's replay scores drafts with: each threshold at its
 * boundary, the content words it compares and near-duplicates (how notes are read into items:
 * read-notes.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  isNearDuplicate,
  itemsMatch,
  keyOf,
  similarity,
} from '../../../core/drafting/validate/match-items.ts';
import { contentWords } from '../../../core/drafting/notes/item-words.ts';

const sim = (a: string, b: string) => similarity(keyOf(a), keyOf(b));

describe('itemsMatch: the rule', () => {
  it('matches items that cite one pull request or issue, in any of its forms, whatever their words', () => {
    const notes = 'Colour output respects NO_COLOR';
    for (const ref of ['#12', 'GH-12', 'https://github.com/o/r/pull/12', ':pr:`12`', '{issue}`12`'])
      expect(itemsMatch(`Rework the pager (${ref})`, `${notes} (#12)`), ref).toBe(true);
    expect(itemsMatch('Rework the pager (#13)', `${notes} (#12)`)).toBe(false);
    // Busy repositories number past a million; the profile's pairing reads the same (match-notes.ts).
    expect(itemsMatch('Rework the pager (#1234567)', `${notes} (https://github.com/o/r/pull/1234567)`)).toBe(
      true,
    );
  });

  it('matches on a Dice of 0.5 with two shared words, and not below 0.5', () => {
    const at = sim('Parser accepts trailing commas', 'Parser rejects trailing whitespace');
    expect(at).toMatchObject({ dice: 0.5, shared: 2, sharedRef: false });
    expect(itemsMatch('Parser accepts trailing commas', 'Parser rejects trailing whitespace')).toBe(true);
    const below = sim(
      'Parser accepts trailing commas in arrays',
      'Parser rejects trailing whitespace in strings',
    );
    expect(below).toMatchObject({ dice: 0.4, shared: 2 });
    expect(
      itemsMatch('Parser accepts trailing commas in arrays', 'Parser rejects trailing whitespace in strings'),
    ).toBe(false);
  });

  it('never matches on one shared word at a Dice of 0.5: one word is coincidence', () => {
    expect(sim('Windows installer', 'Windows paths')).toMatchObject({ dice: 0.5, shared: 1 });
    expect(itemsMatch('Windows installer', 'Windows paths')).toBe(false);
  });

  it('matches two short items at a Dice of 2/3 on one shared word', () => {
    expect(sim('Translations', 'German translations')).toMatchObject({ dice: 2 / 3, shared: 1 });
    expect(itemsMatch('Translations', 'German translations')).toBe(true);
  });

  it('matches a title inside a long prose item on 3 shared words making 75% of the smaller, and no fewer', () => {
    const prose =
      "The client gains a retry option: requests that fail with a 503 are sent again after the server's delay, up to five times";
    // 3 of 4 words: 75%, the Dice far below 0.5.
    expect(sim('Retry option for the HTTP client', prose)).toMatchObject({ shared: 3, contained: 0.75 });
    expect(sim('Retry option for the HTTP client', prose).dice).toBeLessThan(0.5);
    expect(itemsMatch('Retry option for the HTTP client', prose)).toBe(true);
    // 3 of 5: 60%.
    expect(sim('Retry option for the HTTP client library', prose)).toMatchObject({
      shared: 3,
      contained: 0.6,
    });
    expect(itemsMatch('Retry option for the HTTP client library', prose)).toBe(false);
    // Wholly contained, but only 2 words.
    expect(sim('Retry option', prose)).toMatchObject({ shared: 2, contained: 1 });
    expect(itemsMatch('Retry option', prose)).toBe(false);
  });

  it('compares content words: change verbs, stop words, area labels, mentions and hashes left out', () => {
    expect([...contentWords('Fix crash on empty input')]).toEqual(['crash', 'empty', 'input']);
    expect([...contentWords('Fixed a crash with empty inputs')]).toEqual(['crash', 'empty', 'input']);
    expect([...contentWords('**parser**: crash on empty input')]).toEqual(['crash', 'empty', 'input']);
    expect([...contentWords('Bump serde to 1.0.200 by @dependabot[bot] in abc1234def')].sort()).toEqual([
      '1.0.200',
      'bump',
      'serd',
    ]);
  });
});

describe('isNearDuplicate', () => {
  it('calls two drafted items one change from a Dice of 0.8, not at 0.75 where they still match notes', () => {
    const at = sim('Refresh translations', 'Refresh German translations');
    expect(at.dice).toBeCloseTo(0.8, 10);
    expect(isNearDuplicate(at)).toBe(true);
    const below = sim('Faster server startup', 'Faster server startup on Windows machines');
    expect(below.dice).toBe(0.75);
    expect(isNearDuplicate(below)).toBe(false);
    expect(itemsMatch('Faster server startup', 'Faster server startup on Windows machines')).toBe(true);
    expect(isNearDuplicate(sim('Rework the pager (#12)', 'Colour output (#12)'))).toBe(true);
  });
});
