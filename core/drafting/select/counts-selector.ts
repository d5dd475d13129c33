/**
 * Today's selector (selector.ts): counts. For each kind of change (feature, fix, docs, dependency
 * update…) and each size, how often this project's notes listed the changes it shipped, starting from
 * built-in counts worth three changes, so a young history leans on the defaults and a long one on
 * itself; a change's chance of being listed combines its kind's and its size's rates (naive Bayes).
 * Beside them, the words of the changes the notes called breaking.
 *
 * Honest pairing (docs/drafting.md): each release's changes weigh as much as the pairing covered its
 * notes (`SelectorLesson.coverage`): a release whose notes items all found their change teaches fully,
 * one where half found none teaches half, one whose notes the pairing could not read at all teaches
 * nothing, so a rate moves from its default only as far as the pairing covered the notes, and an
 * unpaired notes item never makes a kind look left out.
 *
 * Selection (docs/api.md#generate-a-draft-from-commits-and-pull-requests: author's signals, then files, then the
 * profile, then words): an untyped change is kept when its chance is at least one half, else folded
 * into Maintenance; untyped internal work of a kind the project lists becomes an item; work its author
 * typed (`feat:`, `docs:`) stays what the author said. An untyped change worded the way the project
 * words its breaking changes is breaking.
 *
 * Measured (`npm run eval:drafts -- --learned`, bench/eval/MATCHER.md): topping the kept changes up to
 * the number the chances add up to, and ranking by the kind the notes lead with, both cost more than
 * they gave on held-out and fresh repositories, and were removed.
 */
import { z } from 'zod';
import type { ClassifiedCommit } from '../changes/classify-commit.ts';
import type { CleanCommits } from '../clean-changes.ts';
import {
  CHANGE_KINDS,
  categoryOfKind,
  type ChangeKind,
  kindOf,
  type Size,
  SIZES,
  sizeOf,
} from '../evidence/change-kinds.ts';
import { contentWords } from '../changes/content-words.ts';
import type { ListingRate, SelectOptions, Selector, SelectorLesson } from './selector.ts';

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

/** An untyped change is an item when its chance of being listed is at least this. */
export const KEEP_THRESHOLD = 0.5;

/** Changes seen, and their weighed (coverage-weighted) seen and listed counts. */
const TallySchema = z.object({
  seen: z.number().min(0),
  weighed: z.number().min(0),
  listed: z.number().min(0),
});
type Tally = z.infer<typeof TallySchema>;

export const CountsStateSchema = z.object({
  kinds: z.partialRecord(z.enum(CHANGE_KINDS), TallySchema),
  sizes: z.partialRecord(z.enum(SIZES), TallySchema),
  /**
   * Per content word of the listed changes that the notes call breaking: [listed as breaking, listed
   * at all] (words never in a breaking change are not kept).
   */
  breakingWords: z.record(z.string(), z.tuple([z.number().int().min(0), z.number().int().min(0)])),
});
export type CountsState = z.infer<typeof CountsStateSchema>;

function learn(lessons: readonly SelectorLesson[]): CountsState {
  const state: CountsState = { kinds: {}, sizes: {}, breakingWords: {} };
  const words = new Map<string, [number, number]>();
  for (const { coverage, changes } of lessons) {
    for (const change of changes) {
      for (const tally of [(state.kinds[change.kind] ??= zero()), (state.sizes[change.size] ??= zero())]) {
        tally.seen++;
        tally.weighed += coverage;
        if (change.listed) tally.listed += coverage;
      }
      if (!change.listed) continue;
      for (const word of change.words) {
        const counts = words.get(word) ?? [0, 0];
        if (change.breaking) counts[0]++;
        counts[1]++;
        words.set(word, counts);
      }
    }
  }
  // Kept as [word, counts] pairs' object; read with Object.hasOwn (a word may be "constructor").
  for (const [word, counts] of words) if (counts[0] > 0) state.breakingWords[word] = counts;
  return state;
}

const zero = (): Tally => ({ seen: 0, weighed: 0, listed: 0 });

/** How often this project's notes list changes of `kind` (0-1): its weighed counts blended with the default. */
export function listingRate(state: CountsState | null, kind: ChangeKind): number {
  const tally = state?.kinds[kind] ?? zero();
  return (tally.listed + PRIOR_WEIGHT * DEFAULT_RATES[kind]) / (tally.weighed + PRIOR_WEIGHT);
}

const logit = (p: number) => Math.log(p / (1 - p));
const clamp = (p: number) => Math.min(0.99, Math.max(0.01, p));

/**
 * The chance (0-1) that this project's notes list a change of `kind` and `size`: the kind's rate,
 * moved by how much more (or less) often the project lists changes of that size than changes overall.
 */
export function listingChance(state: CountsState | null, kind: ChangeKind, size: Size): number {
  const rate = listingRate(state, kind);
  const bySize = state?.sizes[size];
  if (!state || !bySize || size === 'unknown' || bySize.weighed === 0) return rate;
  const all = Object.values(state.sizes).reduce(
    (sum, t) => ({ weighed: sum.weighed + t.weighed, listed: sum.listed + t.listed }),
    { weighed: 0, listed: 0 },
  );
  const overall = (all.listed + 1) / (all.weighed + 2);
  const sized = (bySize.listed + PRIOR_WEIGHT * overall) / (bySize.weighed + PRIOR_WEIGHT);
  return 1 / (1 + Math.exp(-(logit(clamp(rate)) + logit(clamp(sized)) - logit(clamp(overall)))));
}

/**
 * Whether `text` is worded the way this project words its breaking changes: it holds a word that its
 * notes called breaking at least twice, and in at least 60% of the listed changes that held it.
 */
export function soundsBreaking(state: CountsState | null, text: string): boolean {
  if (!state) return false;
  return [...contentWords(text)].some((w) => {
    const [breaking, listed] = Object.hasOwn(state.breakingWords, w) ? state.breakingWords[w]! : [0, 0];
    return breaking >= 2 && breaking / listed >= 0.6;
  });
}

const open = (c: ClassifiedCommit) => c.decidedBy !== 'author' && !c.breaking;

function select(commits: CleanCommits, state: CountsState, options: SelectOptions): CleanCommits {
  const { internalPaths } = options;
  // Worded the way this project words its breaking changes: breaking, whatever else is decided.
  if (options.breaking) {
    const marked = commits.changes.map((c): ClassifiedCommit =>
      open(c) && soundsBreaking(state, c.text) ? { ...c, breaking: true, decidedBy: 'profile' } : c,
    );
    commits = { ...commits, changes: marked };
  }
  if (!options.listing) return commits;
  const listed = (c: ClassifiedCommit) =>
    listingChance(state, kindOf(c, internalPaths), sizeOf(c)) >= KEEP_THRESHOLD;
  const dropped = new Set(commits.changes.filter((c) => open(c) && !listed(c)));
  const promoted = new Set(commits.maintenance.filter((c) => open(c) && listed(c)));
  const asItems = [...promoted].map((c): ClassifiedCommit => ({
    ...c,
    kind: 'change',
    category: categoryOfKind(kindOf(c, internalPaths)),
    decidedBy: 'profile',
  }));
  return {
    ...commits,
    changes: [...commits.changes.filter((c) => !dropped.has(c)), ...asItems],
    maintenance: [
      ...commits.maintenance.filter((c) => !promoted.has(c)),
      ...[...dropped].map((c): ClassifiedCommit => ({ ...c, kind: 'maintenance', decidedBy: 'profile' })),
    ],
  };
}

/** Today's selector: counts per kind and size, weighed by how much of each release's notes the pairing covered. */
export const countsSelector: Selector<CountsState> = {
  name: 'counts',
  version: 2,
  stateSchema: CountsStateSchema,
  learn,
  select,
  chance: listingChance,
  listing: (state): ListingRate[] =>
    CHANGE_KINDS.map((kind) => ({
      kind,
      rate: listingRate(state, kind),
      seen: state.kinds[kind]?.seen ?? 0,
    })),
};
