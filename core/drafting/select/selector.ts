/**
 * The seam between learning and selection (docs/drafting.md, "The drafting profile"): a `Selector` is a
 * model of which changes a project's notes list. It learns its state from the releases' lessons (each
 * change's kind, size and words, and whether the notes listed it) and decides, for a new release, what
 * the author and the files left open. Its state is stored in the profile as `{ name, version, state }`,
 * parsed with its own schema when loaded, so a better model can replace today's counts
 * (counts-selector.ts) by a new name or version without touching learning, replay or rendering: a
 * stored state of another name or version is not read, and the profile is learned again.
 */
import type { z } from 'zod';
import type { CleanCommits } from '../clean-changes.ts';
import type { ChangeKind, Size } from '../evidence/change-kinds.ts';

/** One change of a learned release, as a selector learns from it. */
export type LessonChange = {
  kind: ChangeKind;
  size: Size;
  /** Its content words (content-words.ts), for breaking wording. */
  words: readonly string[];
  /** The release's notes listed it (the pairing found its item). */
  listed: boolean;
  /** The change or its notes item says it breaks something. */
  breaking: boolean;
};

/**
 * One release as a selector learns from it. `coverage` (0-1): the share of the release's notes items
 * the pairing found a change for; what a release teaches weighs that much (docs/drafting.md, "honest
 * pairing": an item the pairing missed never teaches that a kind is left out).
 */
export type SelectorLesson = { coverage: number; changes: readonly LessonChange[] };

/** What a selection may use: the repository's internal paths, and which learned parts the replay kept. */
export type SelectOptions = {
  internalPaths: readonly string[];
  /** Keep or fold untyped changes by how often their kind and size are listed. */
  listing: boolean;
  /** Mark untyped changes worded the way the project words its breaking changes. */
  breaking: boolean;
};

/** How often a selector expects a kind of change to be listed (the profile's `listing`, in words). */
export type ListingRate = { kind: ChangeKind; rate: number; seen: number };

export interface Selector<State> {
  /** The model's name and the version of its state's shape, stored beside the state. */
  readonly name: string;
  readonly version: number;
  /** Parses a stored state (throws on a malformed one). */
  readonly stateSchema: z.ZodType<State>;
  /** The state the lessons teach (oldest release first). Pure; cheap enough to run once per replayed release. */
  learn(lessons: readonly SelectorLesson[]): State;
  /** The changes as this project would list them: `changes` with untyped ones kept, folded or marked. */
  select(changes: CleanCommits, state: State, options: SelectOptions): CleanCommits;
  /** The chance (0-1) that the project's notes list a change of `kind` and `size`. */
  chance(state: State, kind: ChangeKind, size: Size): number;
  /** Every kind's listing rate, for the profile's description. */
  listing(state: State): ListingRate[];
}
