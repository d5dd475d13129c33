/**
 * What a changelog heading says about a release, read from its text (the heading's words, without
 * Markdown: `[1.2.0](https://…) (2024-01-02)` reads `1.2.0 (2024-01-02)`): the version, the date, a
 * title after the version (`v2.0.0: Faster builds`), and whether it is marked unreleased. The forms:
 * `1.2.0`, `v1.2.0`, `[1.2.0] - 2024-01-02`, `1.2.0 / 2024-01-02`, `v1.2.0 (2024-01-02)`,
 * `1.2.0 — January 2, 2024`, `Version 1.2.0`, `mytool 1.2.0`, `mytool-v1.2.0`, `mytool@1.2.0`,
 * pre-releases (`1.2.0-rc.1`, `1.0.0rc4`, `2.0b1`) and build metadata. Pure.
 */
import { findDate } from './find-date.ts';

export type VersionHeading = {
  /** As written, minus one leading `v` (docs/api.md#generate-a-draft-from-commits-and-pull-requests: `v10.2.0` and `10.2.0` are one version). */
  version: string;
  /** `YYYY-MM-DD`, or null when the heading gives none. */
  date: string | null;
  /** Words after the version that name the release (`Faster builds`), if any. */
  title?: string;
  /** Marked `unreleased`, `upcoming`, `in progress`… in the heading. */
  unreleased: boolean;
  /**
   * Nothing but the version, its date and separators (`[1.2.1](…) (2024-01-05)`): such a heading opens
   * a release even one level below the changelog's version headings (conventional-changelog writes
   * patch releases as `###`, the level of its `### Bug Fixes`).
   */
  bare: boolean;
};

/** Contract maximum of a version. */
const MAX_VERSION = 40;

/**
 * A version: numbers joined by dots (at least two), then a pre-release (`-rc.1`, or PEP 440's `rc4`,
 * `b1` right after the numbers) and build metadata. Not inside a word or a longer dotted number.
 */
const VERSION =
  /(?<![\w.])[vV]?(\d+(?:\.\d+)+(?:-[0-9A-Za-z]+(?:[.-][0-9A-Za-z]+)*|[A-Za-z]+\d*(?:\.\d+)*)?(?:\+[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?)(?![\w.])/;
const UNRELEASED_WORDS =
  '\\b(?:unreleased|not (?:yet )?released|upcoming|in progress|in development|work in progress|wip|next release)\\b';
const UNRELEASED = new RegExp(UNRELEASED_WORDS, 'i');
/** Words that say the date is unknown or the release was pulled; never a title. */
const MARKERS = /\b(?:tbd|tba|yanked|released(?:\s+on)?|release date)\b/gi;
/** Words before a version that make the heading a sentence about it (`Upgrading to 2.0`), not a release. */
const PROSE = /\b(?:to|from|in|for|since|before|after|of|and|with|than|upgrading|migrating|migration)\b/i;
const SEPARATORS = /^[\s\-–—:|/·,;]+|[\s\-–—:|/·,;]+$/g;

/** The heading's reading, or null when its text names no version (or only inside prose). */
export function readVersionHeading(text: string): VersionHeading | null {
  const match = VERSION.exec(text);
  if (!match || match[1]!.length > MAX_VERSION) return null;
  const before = text.slice(0, match.index);
  const rest = text.slice(match.index + match[0].length);
  // The date is after the version, or (`2024-01-02 - v1.2.0`) before it.
  const after = findDate(rest);
  const ahead = after ? null : findDate(before);
  const prefix = (ahead ? before.slice(0, ahead.index) + before.slice(ahead.index + ahead.length) : before)
    .replace(/[[\](){}@#*_`"'\-–—:|/]/g, ' ')
    .trim();
  const prefixWords = prefix === '' ? [] : prefix.split(/\s+/);
  if (prefixWords.length > 3 || PROSE.test(prefix)) return null;
  const found = after ?? ahead;
  const unreleased = UNRELEASED.test(text);
  const words = (after ? rest.slice(0, after.index) + rest.slice(after.index + after.length) : rest)
    .replace(new RegExp(UNRELEASED_WORDS, 'gi'), ' ')
    .replace(MARKERS, ' ')
    // Brackets and quotes left empty or around the title.
    .replace(/[[\](){}"'`*_]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(SEPARATORS, '');
  const title = /\p{L}/u.test(words) ? words : undefined;
  return {
    version: match[1]!,
    date: found?.date ?? null,
    ...(title ? { title } : {}),
    unreleased,
    bare: prefixWords.length === 0 && !title,
  };
}

/**
 * Whether a heading (or the line under one) without a version says its changes are not released yet:
 * `[Unreleased]`, `Upcoming`, `TBD`, `HEAD`.
 */
export function saysUnreleased(text: string): boolean {
  return UNRELEASED.test(text) || /^\W*(?:tbd|tba|next|head|main|master)\W*$/i.test(text);
}
