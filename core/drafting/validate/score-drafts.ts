/**
 * Scoring one draft against one release's maintainer-written notes. A draft here is what is to be
 * judged, whoever wrote it: `{ title, items, breaking }` (the items as listed, the collapsed
 * dependency/maintenance lines already left out; `breaking[i]`: whether item i is marked breaking).
 *
 * The notes are the items the one notes reader gives (`../notes/read-notes.ts`, what the drafting
 * profile learns from too). Each drafted item is paired with its best-matching notes item
 * (`match-items.ts`: a shared reference first, then the highest word similarity), or with none. From
 * the pairs:
 * - precision = drafted items paired with a notes item / drafted items;
 * - recall = notes items paired with some drafted item / notes items;
 * - duplicates = drafted items that add nothing: paired with a notes item an earlier drafted item was
 *   already paired with, or paired with none but a near-duplicate of an earlier drafted item (a
 *   shared reference, or Dice ≥ 0.8: `isNearDuplicate`) / drafted items;
 * - headline = releases whose title (without its `version: ` prefix) matches one of the notes'
 *   leading items, or heads a drafted item (the item's text starts with the title's) that was paired
 *   with a leading item / releases;
 * - breaking recall = breaking notes items paired with a drafted item marked breaking / breaking
 *   notes items.
 * Every figure is kept as numerator and denominator (`Counts`), so that sums over releases give the
 * micro-averaged figures of a repository or of the whole corpus (`addCounts`, `figures`).
 */
import {
  isMatch,
  isNearDuplicate,
  keyOf,
  type ItemKey,
  type Similarity,
  similarity,
  strength,
} from './match-items.ts';
import { plainText } from '../notes/item-words.ts';
import type { NotesItem } from '../notes/read-notes.ts';
import { isCollapsedLine } from '../render/render-draft.ts';

export type Draft = { title: string; items: string[]; breaking: boolean[] };

export type Counts = {
  releases: number;
  drafted: number;
  draftedMatched: number;
  notes: number;
  notesMatched: number;
  duplicates: number;
  headlineHits: number;
  breakingNotes: number;
  breakingMatched: number;
};

export type Pair = {
  item: string;
  /** Index of the paired notes item, or null. */
  notesIndex: number | null;
  similarity: Similarity | null;
  duplicate: boolean;
};

export const ZERO: Counts = {
  releases: 0,
  drafted: 0,
  draftedMatched: 0,
  notes: 0,
  notesMatched: 0,
  duplicates: 0,
  headlineHits: 0,
  breakingNotes: 0,
  breakingMatched: 0,
};

export function addCounts(a: Counts, b: Counts): Counts {
  const sum = { ...a };
  for (const k of Object.keys(sum) as (keyof Counts)[]) sum[k] = a[k] + b[k];
  return sum;
}

export type Figures = {
  precision: number | null;
  recall: number | null;
  duplicates: number | null;
  headline: number | null;
  breakingRecall: number | null;
};

const ratio = (n: number, d: number) => (d === 0 ? null : n / d);

export function figures(c: Counts): Figures {
  return {
    precision: ratio(c.draftedMatched, c.drafted),
    recall: ratio(c.notesMatched, c.notes),
    duplicates: ratio(c.duplicates, c.drafted),
    headline: ratio(c.headlineHits, c.releases),
    breakingRecall: ratio(c.breakingMatched, c.breakingNotes),
  };
}

/** `1.2.3: Headline` → `Headline`; a title without the version prefix is kept whole. */
export function headlineOfTitle(title: string, version: string): string {
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return title.replace(new RegExp(`^v?${escaped}\\s*[:—–-]\\s*`), '').trim();
}

/** The pair of each drafted item and the counts of one release (notes with no items: score nothing). */
export function scoreDraft(
  draft: Draft,
  notes: readonly NotesItem[],
  version: string,
): { counts: Counts; pairs: Pair[] } {
  if (notes.length === 0) return { counts: ZERO, pairs: [] };
  const notesKeys = notes.map((n) => keyOf(n.markdown));
  const draftKeys: ItemKey[] = draft.items.map(keyOf);
  const claimed = new Set<number>();
  const pairs: Pair[] = [];
  let duplicates = 0;
  const breakingPaired = new Set<number>();

  draftKeys.forEach((key, i) => {
    let best: { index: number; sim: Similarity } | null = null;
    notesKeys.forEach((notesKey, index) => {
      const sim = similarity(key, notesKey);
      if (isMatch(sim) && (!best || strength(sim) > strength(best.sim))) best = { index, sim };
    });
    const found = best as { index: number; sim: Similarity } | null;
    const duplicate = found
      ? claimed.has(found.index)
      : draftKeys.slice(0, i).some((earlier) => isNearDuplicate(similarity(earlier, key)));
    if (found) {
      claimed.add(found.index);
      if (draft.breaking[i]) breakingPaired.add(found.index);
    }
    if (duplicate) duplicates++;
    pairs.push({
      item: draft.items[i]!,
      notesIndex: found?.index ?? null,
      similarity: found?.sim ?? null,
      duplicate,
    });
  });

  const headlineText = headlineOfTitle(draft.title, version);
  const headline = keyOf(headlineText);
  // A title is the headline of one of its items (which cites what the title cannot): it names a
  // leading item when its words match one, or when the item it heads was paired with one.
  const norm = (text: string) =>
    plainText(text)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const titleNorm = norm(headlineText);
  const headed = pairs.find((p) => titleNorm !== '' && norm(p.item).startsWith(titleNorm.replace(/…$/, '')));
  const headlineHit =
    notes.some((n, i) => n.leading && isMatch(similarity(headline, notesKeys[i]!))) ||
    (headed?.notesIndex != null && notes[headed.notesIndex]!.leading);
  const breakingNotes = notes.filter((n) => n.breaking);
  return {
    counts: {
      releases: 1,
      drafted: draft.items.length,
      draftedMatched: pairs.filter((p) => p.notesIndex !== null).length,
      notes: notes.length,
      notesMatched: claimed.size,
      duplicates,
      headlineHits: headlineHit ? 1 : 0,
      breakingNotes: breakingNotes.length,
      breakingMatched: breakingNotes.filter((n) => breakingPaired.has(n.position)).length,
    },
    pairs,
  };
}

/**
 * A drafted release as the scorer reads it: its items without the collapsed Dependencies/Maintenance
 * lines, `**Breaking:** ` marking a breaking item.
 */
export function scoredDraftOf(draft: {
  title: string;
  sections: readonly { items: readonly string[] }[];
}): Draft {
  const items = draft.sections.flatMap((s) => s.items).filter((item) => !isCollapsedLine(item));
  return {
    title: draft.title,
    items: items.map((item) =>
      item.startsWith(BREAKING_PREFIX) ? item.slice(BREAKING_PREFIX.length) : item,
    ),
    breaking: items.map((item) => item.startsWith(BREAKING_PREFIX)),
  };
}

const BREAKING_PREFIX = '**Breaking:** ';
