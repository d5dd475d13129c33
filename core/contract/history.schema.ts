/**
 * A project's history and its drafting profile (docs/api.md#import-history-and-the-drafting-profile):
 * `POST /api/v1/entries/import` and `GET`/`DELETE /api/v1/drafting/profile`.
 */
import { z } from 'zod';
import { cleanText, NOT_BLANK_TEXT } from './control-characters.ts';
import { InstantSchema } from './instant.schema.ts';
import { normalizeVersion } from './entries.schema.ts';
import {
  checkDetailIndexes,
  CommitDetailSchema,
  CommitMessageSchema,
  DetailSchema,
  MAX_COMMITS,
  MAX_PULL_REQUESTS,
  PullRequestInputSchema,
  SectionHeadingSchema,
} from './generate.schema.ts';

const noNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'Must not contain NUL (U+0000) characters';

/** The most releases one import takes; a longer history is imported in several calls. */
export const MAX_IMPORTED_RELEASES = 100;

/**
 * One release of the project's existing changelog: its version, date and the maintainers' notes; with
 * its `commits` (and their details, and pull requests, in generate's shapes) it also teaches the
 * drafting profile what this project lists and how.
 */
export const ImportedReleaseSchema = z
  .strictObject({
    version: cleanText()
      .trim()
      .min(1)
      .max(40)
      .refine(noNul, NUL_MESSAGE)
      .meta(NOT_BLANK_TEXT)
      .transform(normalizeVersion),
    /** When it was released (ISO 8601, in the past: checked against the clock by the service). */
    publishedAt: InstantSchema,
    /**
     * When the version's tag was made, when the caller knows it (`shiplog import --git-dir`, the Action):
     * a `publishedAt` more than a day away from it is imported as given and reported in `warnings`.
     */
    taggedAt: InstantSchema.optional(),
    notes: cleanText().min(1).max(100_000).refine(noNul, NUL_MESSAGE).meta(NOT_BLANK_TEXT),
    title: cleanText().trim().min(1).max(200).refine(noNul, NUL_MESSAGE).meta(NOT_BLANK_TEXT).optional(),
    commits: z.array(CommitMessageSchema).max(MAX_COMMITS).optional(),
    commitDetails: z.array(CommitDetailSchema).max(MAX_COMMITS).optional(),
    pullRequests: z.array(PullRequestInputSchema).max(MAX_PULL_REQUESTS).optional(),
  })
  .superRefine(checkDetailIndexes);
export type ImportedRelease = z.infer<typeof ImportedReleaseSchema>;

export const ImportInputSchema = z.strictObject({
  releases: z.array(ImportedReleaseSchema).min(1).max(MAX_IMPORTED_RELEASES),
  /** `owner/name`: references in the notes become links, and the entries record where they came from. */
  repository: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, 'must be "owner/name"')
    .max(200)
    .optional(),
});
export type ImportInput = z.infer<typeof ImportInputSchema>;

/**
 * Whether the releases imported teach the drafting profile (docs/api.md#import-history-and-the-drafting-profile):
 * `commits`, they carried their commits and taught it (when some came without and cannot be fetched,
 * `reason` says how many only add history, and why); `fetching`, they came without and the service
 * fetches each version's commits between its tags from `repository` through the GitHub App, in a job,
 * and learns when they arrive; `none`, nothing can be learned from them, and `reason` says why in words
 * a user can act on.
 */
export const ImportLearningSchema = z.object({
  status: z.enum(['commits', 'fetching', 'none']),
  repository: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ImportLearning = z.infer<typeof ImportLearningSchema>;

export const ImportResponseSchema = z.object({
  imported: z.number().int(),
  replaced: z.number().int(),
  /** Versions not imported: `duplicate` (named twice: the longer notes are kept), or why. */
  skipped: z.array(z.object({ version: z.string(), reason: z.string() })),
  /** Imported, with something to check: a changelog date more than a day from its tag's. */
  warnings: z.array(z.object({ version: z.string(), message: z.string() })),
  entries: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      version: z.string(),
      /** `draft` for an entry imported again after the team unpublished it: a re-import keeps status. */
      status: z.enum(['draft', 'published']),
    }),
  ),
  profile: z.object({ releasesLearned: z.number().int() }),
  learning: ImportLearningSchema,
});
export type ImportResponse = z.infer<typeof ImportResponseSchema>;

/** How often this project's notes list one kind of change (0-1), learned and blended with the defaults. */
export const ListingRateSchema = z.object({
  kind: z.string(),
  /** What the kind is, in words (`fixes`, `documentation changes`). */
  label: z.string(),
  rate: z.number(),
  /** Changes of this kind the profile has seen in the project's releases. */
  seen: z.number().int(),
});

/** The learned parts of a drafting profile, each applied only where its replay shows it loses nothing. */
export const PROFILE_PARTS = [
  'listing',
  'productPaths',
  'breaking',
  'detail',
  'sections',
  'headline',
  'style',
] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

const Fraction = z.number().min(0).max(1).nullable();

/** One part's verdict in the replay: the figures with it, and whether it was kept. */
export const PartVerdictSchema = z.object({
  part: z.enum(PROFILE_PARTS),
  kept: z.boolean(),
  precision: Fraction,
  recall: Fraction,
  /** Why, in words ("kept: precision 0.71 ≥ 0.64, recall 0.80 ≥ 0.80"). */
  reason: z.string(),
});
export type PartVerdict = z.infer<typeof PartVerdictSchema>;

/**
 * The profile proves itself (docs/drafting.md): the project's newest releases that carry their changes
 * (up to 10) replayed, each drafted from a profile learned without it, plain and learned, and scored
 * against its own notes. `releases` 0 and null figures: nothing could be replayed (nothing applied).
 */
export const ProfileValidationSchema = z.object({
  releases: z.number().int().min(0),
  plain: z.object({ precision: Fraction, recall: Fraction }),
  learned: z.object({ precision: Fraction, recall: Fraction }),
  /** The parts drafts apply. */
  applied: z.array(z.enum(PROFILE_PARTS)),
  /** Each part tried, in order, kept or dropped and why. */
  parts: z.array(PartVerdictSchema),
});
export type ProfileValidation = z.infer<typeof ProfileValidationSchema>;

/**
 * The drafting profile: what this project's own releases teach about its notes. `releasesLearned` 0:
 * the built-in defaults. `description` says it in words, for the dashboard.
 */
export const DraftingProfileSchema = z.object({
  releasesLearned: z.number().int(),
  updatedAt: z.string().nullable(),
  detail: DetailSchema,
  /** The project's headings, in its order. */
  sections: z.array(SectionHeadingSchema),
  /** Per kind of change, how often the notes list it. */
  listing: z.array(ListingRateSchema),
  /** The usual number of items of a release (the median), or null before any release was learned. */
  itemsPerRelease: z.number().int().nullable(),
  /** How items are worded: with references (`(#12)`), with the author credited, past-tense verbs. */
  style: z.object({
    references: z.boolean(),
    credits: z.boolean(),
    pastTense: z.boolean(),
  }),
  /** Folders the built-in rules call docs, tests, CI or tooling that this project's notes list (globs). */
  productPaths: z.array(z.string()),
  /** The replay that decided which learned parts drafts apply; null before anything was learned. */
  validation: ProfileValidationSchema.nullable(),
  description: z.string(),
});
export type DraftingProfile = z.infer<typeof DraftingProfileSchema>;

export const DraftingProfileResponseSchema = z.object({ profile: DraftingProfileSchema });

/**
 * `POST /api/dashboard/projects/{slug}/changelog-preview`: a CHANGELOG.md as the import's parser reads it
 * (core/parse-changelog.ts), releases in the document's order and the sections it skips with why.
 */
export const ChangelogPreviewSchema = z.object({
  /** How the text was read: Markdown, or reStructuredText converted to Markdown first. */
  markup: z.enum(['markdown', 'rst']),
  releases: z.array(
    z.object({
      version: z.string(),
      date: z.string().nullable(),
      notes: z.string(),
      title: z.string().optional(),
      heading: z.string(),
    }),
  ),
  skipped: z.array(z.object({ heading: z.string(), version: z.string().nullable(), reason: z.string() })),
});
export type ChangelogPreview = z.infer<typeof ChangelogPreviewSchema>;
