/**
 * The drafting profile: what a project's own release history teaches about its notes (docs/api.md#import-history-and-the-drafting-profile; issue 31).
 *
 * The model, in two sentences: for each kind of change (feature, fix, docs, dependency update…) and
 * each size, the profile counts how often this project's notes listed the changes it shipped, starting
 * from built-in counts worth three changes, so a young history leans on the defaults and a long one on
 * itself; a change's chance of being listed combines its kind's and its size's rates (naive Bayes).
 * Beside that it keeps the headings the notes file each kind under and their order, how many items a
 * release gets, and how items are worded (references, credits, verb tense).
 *
 * Learning is a pure function of the releases (`ProfileExample`: what a release was made of, and the
 * notes published for it): notes are read into items (read-notes.ts), each change is paired with the
 * item that lists it (match-notes.ts), and the counts are summed. Releases without commits teach
 * nothing (they only add history). Cost: one `cleanChanges` and one match per release (≈ 10 ms for a
 * release of 50 changes).
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { CommitDetail, PullRequestInput } from '../../contract/generate.schema.ts';
import { type ChangeKind, kindOf, type Size, sizeOf } from '../evidence/change-kinds.ts';
import { cleanChanges } from '../changes/clean-changes.ts';
import { contentWords } from '../changes/content-words.ts';
import { matchNotes } from './match-notes.ts';
import { readNotes } from './read-notes.ts';

/** A release to learn from: what it was made of (generate's and import's shapes) and its notes. */
export type ProfileExample = {
  changes: {
    commits: readonly string[];
    commitDetails?: readonly CommitDetail[] | undefined;
    pullRequests?: readonly PullRequestInput[] | undefined;
  };
  notes: string;
  /** The repository's `internal-paths`, if any. */
  internalPaths?: readonly string[];
};

type Tally = { seen: number; listed: number };

/** The learned counts (stored as JSON per project; `version` for later changes of shape). */
export type DraftingProfileModel = {
  version: 1;
  releasesLearned: number;
  kinds: Partial<Record<ChangeKind, Tally>>;
  sizes: Partial<Record<Size, Tally>>;
  /**
   * Per notes heading: the category it holds (by its name when it says one, "Added", "Bug fixes"; else
   * by the changes under it), how often, and where it stands (0 first, 1 last).
   */
  headings: { heading: string; category: Category | 'breaking'; count: number; place: number }[];
  /** Releases whose notes are a flat list (no heading over their items). */
  flatReleases: number;
  /** Items in each release's notes, and its user-facing changes, oldest release first. */
  itemCounts: number[];
  changeCounts: number[];
  /** Notes items in all, and how many cite a reference, credit someone, start with a past-tense verb. */
  style: { items: number; references: number; credits: number; pastTense: number };
  /**
   * How this project words its breaking changes: per content word of the listed changes that the notes
   * call breaking, [listed as breaking, listed at all] (words never in a breaking change are not kept).
   */
  breakingWords: Record<string, [number, number]>;
  /**
   * Notes items paired with a change (matchNotes): with `style.items`, how much of what the notes list
   * the pairing found. Absent in profiles learned before it was counted.
   */
  matchedItems?: number;
};

/** How often notes list each kind by default: changes users see, yes; internal work and bumps, no. */
export const DEFAULT_RATES: Record<ChangeKind, number> = {
  breaking: 0.95,
  feature: 0.9,
  fix: 0.85,
  improvement: 0.75,
  announcement: 0.9,
  dependency: 0.15,
  docs: 0.1,
  tests: 0.03,
  ci: 0.03,
  tooling: 0.05,
  refactor: 0.1,
  internal: 0.1,
};

/** What the built-in counts weigh, in changes: how much history it takes to overrule a default. */
export const PRIOR_WEIGHT = 3;

const REFERENCE = /(?<![\w&/])#\d+\b|\/(?:pull|issues)\/\d+/;
const CREDIT = /(?:^|\s|\()@[A-Za-z0-9][\w-]*|\bthanks? to\b/i;
const PAST_TENSE = /^(?:\*\*[^*]+\*\*:?\s*)?(?:[A-Z][a-z]+ed|Made|Built|Rewrote|Bumped|Dropped)\b/;

export function emptyProfile(): DraftingProfileModel {
  return {
    version: 1,
    releasesLearned: 0,
    kinds: {},
    sizes: {},
    headings: [],
    flatReleases: 0,
    itemCounts: [],
    changeCounts: [],
    style: { items: 0, references: 0, credits: 0, pastTense: 0 },
    breakingWords: {},
    matchedItems: 0,
  };
}

/** Add one release to `profile` (in place); `words` gathers every listed change's words. */
function learnRelease(
  profile: DraftingProfileModel,
  example: ProfileExample,
  words: Map<string, [number, number]>,
): void {
  const internalPaths = example.internalPaths ?? [];
  const cleaned = cleanChanges({ ...example.changes, internalPaths });
  const changes = [...cleaned.changes, ...cleaned.maintenance, ...cleaned.dependencies];
  if (changes.length === 0) return;
  const items = readNotes(example.notes);
  const matched = matchNotes(items, changes);
  profile.releasesLearned++;
  profile.itemCounts.push(items.length);
  profile.changeCounts.push(cleaned.changes.length);
  if (items.length > 0 && items.every((i) => i.heading === '')) profile.flatReleases++;
  profile.matchedItems = (profile.matchedItems ?? 0) + matched.filter(Boolean).length;
  changes.forEach((change, i) => {
    const kind = kindOf(change, internalPaths);
    const item = matched[i];
    const tally = (profile.kinds[kind] ??= { seen: 0, listed: 0 });
    tally.seen++;
    const size = (profile.sizes[sizeOf(change)] ??= { seen: 0, listed: 0 });
    size.seen++;
    if (!item) return;
    tally.listed++;
    size.listed++;
    const breaking = change.breaking || item.breaking;
    for (const word of contentWords(change.text)) {
      const counts = words.get(word) ?? [0, 0];
      if (breaking) counts[0]++;
      counts[1]++;
      words.set(word, counts);
    }
    if (item.heading === '') return;
    const heading = item.heading.split(' / ').at(-1)!;
    const category =
      categoryOfHeading(heading) ??
      (kind === 'breaking' || item.breaking ? 'breaking' : categoryOfKind(kind));
    const place = items.length > 1 ? item.position / (items.length - 1) : 0;
    const known = profile.headings.find((h) => h.heading === heading && h.category === category);
    if (known) {
      known.place = (known.place * known.count + place) / (known.count + 1);
      known.count++;
    } else profile.headings.push({ heading, category, count: 1, place });
  });
  for (const item of items) {
    profile.style.items++;
    if (REFERENCE.test(item.markdown)) profile.style.references++;
    if (CREDIT.test(item.markdown)) profile.style.credits++;
    if (PAST_TENSE.test(item.markdown)) profile.style.pastTense++;
  }
}

/** The profile of a project's releases (oldest first); releases without commits teach nothing. */
export function learnProfile(examples: readonly ProfileExample[]): DraftingProfileModel {
  const profile = emptyProfile();
  const words = new Map<string, [number, number]>();
  for (const example of examples) {
    if (example.changes.commits.length > 0 || (example.changes.pullRequests?.length ?? 0) > 0)
      learnRelease(profile, example, words);
  }
  // Kept as [word, counts] pairs' object; read with Object.hasOwn (a word may be "constructor").
  for (const [word, counts] of words) if (counts[0] > 0) profile.breakingWords[word] = counts;
  return profile;
}

/**
 * How much of what the notes list the pairing found (0.25-1): a notes item paired with no change is a
 * change listed in words the pairing missed, so each kind's listed count is divided by it.
 */
function pairingCoverage(profile: DraftingProfileModel): number {
  if (profile.matchedItems === undefined || profile.style.items === 0) return 1;
  return Math.min(1, Math.max(0.25, profile.matchedItems / profile.style.items));
}

/** How often this project's notes list changes of `kind` (0-1): its counts blended with the default. */
export function listingRate(profile: DraftingProfileModel | null, kind: ChangeKind): number {
  const tally = profile?.kinds[kind];
  const seen = tally?.seen ?? 0;
  const listed = profile && tally ? Math.min(seen, tally.listed / pairingCoverage(profile)) : 0;
  return (listed + PRIOR_WEIGHT * DEFAULT_RATES[kind]) / (seen + PRIOR_WEIGHT);
}

const logit = (p: number) => Math.log(p / (1 - p));
const clamp = (p: number) => Math.min(0.99, Math.max(0.01, p));

/**
 * The chance (0-1) that this project's notes list a change of `kind` and `size`: the kind's rate,
 * moved by how much more (or less) often the project lists changes of that size than changes overall.
 */
export function listingChance(profile: DraftingProfileModel | null, kind: ChangeKind, size: Size): number {
  const rate = listingRate(profile, kind);
  const bySize = profile?.sizes[size];
  if (!profile || !bySize || size === 'unknown') return rate;
  const all = Object.values(profile.sizes).reduce(
    (sum, t) => ({ seen: sum.seen + t.seen, listed: sum.listed + t.listed }),
    { seen: 0, listed: 0 },
  );
  const overall = (all.listed + 1) / (all.seen + 2);
  const sized = (bySize.listed + PRIOR_WEIGHT * overall) / (bySize.seen + PRIOR_WEIGHT);
  return 1 / (1 + Math.exp(-(logit(clamp(rate)) + logit(clamp(sized)) - logit(clamp(overall)))));
}

/**
 * Whether `text` is worded the way this project words its breaking changes: it holds a word that its
 * notes called breaking at least twice, and in at least 60% of the listed changes that held it.
 */
export function soundsBreaking(profile: DraftingProfileModel | null, text: string): boolean {
  if (!profile) return false;
  return [...contentWords(text)].some((w) => {
    const [breaking, listed] = Object.hasOwn(profile.breakingWords, w) ? profile.breakingWords[w]! : [0, 0];
    return breaking >= 2 && breaking / listed >= 0.6;
  });
}

/** The middle value of `values` (rounded), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Heading words that say what a section holds (Keep a Changelog's and release tools' usual names). */
const HEADING_CATEGORIES: [RegExp, Category | 'breaking'][] = [
  [/\bbreaking\b|\bincompatib/i, 'breaking'],
  [/^(?:added|new|features?|new features?|what's new|enhancements?|additions?|highlights?)$/i, 'feature'],
  [/^(?:fixed|fix(?:es)?|bug ?fix(?:es)?|bugs?|bugs? fixed|corrections?|security)$/i, 'fix'],
  [
    /^(?:changed|changes|improvements?|improved|performance|perf|updated?s?|other changes|misc(?:ellaneous)?|deprecated|removed|internal)$/i,
    'improvement',
  ],
  [/^(?:announcements?|notes?|news)$/i, 'announcement'],
];

/** The category a notes heading names ("Added", "Bug Fixes", "⚠️ Breaking changes"), or null. */
export function categoryOfHeading(heading: string): Category | 'breaking' | null {
  const words = heading
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return HEADING_CATEGORIES.find(([re]) => re.test(words))?.[1] ?? null;
}

/** The category a kind of change is listed under when it is an item. */
export function categoryOfKind(kind: ChangeKind): Category {
  return kind === 'feature' || kind === 'fix' || kind === 'announcement' ? kind : 'improvement';
}
