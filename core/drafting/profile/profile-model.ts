/**
 * The drafting profile as it is stored (one JSON document per project) and parsed when loaded
 * (docs/api.md, "Import history and the drafting profile"): a zod schema, so a profile stored by an
 * older Shiplog or damaged in the database is refused whole with a reason (`parseProfile`) and the
 * caller learns it again instead of drafting from half a profile.
 *
 * Its parts, each applied to drafts only where the replay (replay-releases.ts) shows it loses neither
 * precision nor recall against the plain draft (`applied`, `validation`):
 * - `listing`: which kinds and sizes of change the notes list (the selector's state, selector.ts);
 * - `productPaths`: folders the built-in rules call docs, tests, CI or tooling whose changes the notes
 *   listed (they are the product's, for this project);
 * - `breaking`: how the project words its breaking changes (the selector's too);
 * - `detail`: highlights for a project whose notes name a few of many changes;
 * - `sections`: its headings, their order, a flat list;
 * - `style`: references cited, authors credited, past-tense verbs.
 */
import { z } from 'zod';
import {
  PROFILE_PARTS,
  type ProfilePart,
  type ProfileValidation,
  ProfileValidationSchema,
} from '../../contract/history.schema.ts';
import { countsSelector, CountsStateSchema } from '../select/counts-selector.ts';

export { PROFILE_PARTS, type ProfilePart } from '../../contract/history.schema.ts';
export type Validation = ProfileValidation;

/** The selector and the version of its state's shape (selector.ts); another name or version is not read. */
const StoredSelectorSchema = z.object({
  name: z.literal(countsSelector.name),
  version: z.literal(countsSelector.version),
  state: CountsStateSchema,
});

export const DraftingProfileModelSchema = z.object({
  version: z.literal(2),
  releasesLearned: z.number().int().min(0),
  selector: StoredSelectorSchema,
  /**
   * Per notes heading: the category it holds (by its name when it says one, "Added", "Bug fixes"; else
   * by the changes under it), how often, and where it stands (0 first, 1 last).
   */
  headings: z.array(
    z.object({
      heading: z.string(),
      category: z.enum(['feature', 'fix', 'improvement', 'announcement', 'breaking']),
      count: z.number().int().min(0),
      place: z.number(),
    }),
  ),
  /** Releases whose notes are a flat list (no heading over their items). */
  flatReleases: z.number().int().min(0),
  /** Items in each release's notes, and its user-facing changes, oldest release first. */
  itemCounts: z.array(z.number().int().min(0)),
  changeCounts: z.array(z.number().int().min(0)),
  /** Notes items in all, how many the pairing found a change for, cite a reference, credit someone, start with a past-tense verb. */
  style: z.object({
    items: z.number().int().min(0),
    matched: z.number().int().min(0),
    references: z.number().int().min(0),
    credits: z.number().int().min(0),
    pastTense: z.number().int().min(0),
  }),
  /** Learned folder globs that are the product's for this project (product-paths.ts). */
  productPaths: z.array(z.string()),
  /** The parts drafts apply; absent: every part (a profile learned without its replay). */
  applied: z.array(z.enum(PROFILE_PARTS)).optional(),
  validation: ProfileValidationSchema.nullable().optional(),
});
export type DraftingProfileModel = z.infer<typeof DraftingProfileModelSchema>;

/** Whether drafts with `profile` apply `part`. */
export function applies(profile: DraftingProfileModel | null, part: ProfilePart): boolean {
  return profile !== null && profile.releasesLearned > 0 && (profile.applied ?? PROFILE_PARTS).includes(part);
}

/**
 * A stored profile, parsed: the profile, or null with why (`none`: nothing stored or nothing learned;
 * `outdated`: stored by an older Shiplog or for another selector; `malformed`: anything else).
 */
export function parseProfile(
  stored: unknown,
):
  | { profile: DraftingProfileModel; problem: null }
  | { profile: null; problem: 'none' | 'outdated' | 'malformed' } {
  if (stored === null || stored === undefined) return { profile: null, problem: 'none' };
  const parsed = DraftingProfileModelSchema.safeParse(stored);
  if (parsed.success)
    return parsed.data.releasesLearned > 0
      ? { profile: parsed.data, problem: null }
      : { profile: null, problem: 'none' };
  const version = typeof stored === 'object' ? (stored as { version?: unknown }).version : undefined;
  const selector =
    typeof stored === 'object' ? (stored as { selector?: { version?: unknown } }).selector : undefined;
  const outdated =
    (typeof version === 'number' && version < 2) ||
    (version === 2 && selector !== undefined && selector?.version !== countsSelector.version);
  return { profile: null, problem: outdated ? 'outdated' : 'malformed' };
}
