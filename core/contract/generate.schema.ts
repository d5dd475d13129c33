/**
 * POST /api/v1/entries/generate: request and response
 * (docs/api.md#generate-a-draft-from-commits-and-pull-requests).
 */
import { z } from 'zod';
import { cleanText, NOT_BLANK_TEXT } from './control-characters.ts';
import {
  CategorySchema,
  ComponentSchema,
  normalizeVersion,
  NOT_BLANK,
  SegmentsSchema,
  SummarySchema,
  NOT_PUBLISH_AND_PUBLISH_AT,
  PublishAtSchema,
  StatusSchema,
  VisibilitySchema,
} from './entries.schema.ts';
import { DraftTranslationSchema, LocalesSchema } from './languages.schema.ts';

/** Spec section 8: 1-500 commit messages. */
export const MAX_COMMITS = 500;

/**
 * Which pull request or release the draft is for (docs/api.md#generate-a-draft-from-commits-and-pull-requests): its one
 * entry is re-drafted in place by later calls instead of a second entry being made.
 */
export const GenerateSourceSchema = z
  .strictObject({
    pullRequest: z.int().min(1).max(2_147_483_647).optional(),
    release: cleanText()
      .trim()
      .min(1)
      .max(255)
      .refine((s) => !s.includes('\u0000'), 'Must not contain NUL (U+0000) characters')
      .meta(NOT_BLANK_TEXT)
      .optional(),
    /**
     * A compare range that is neither a pull request nor a release, `from...to` (`...to` from the
     * first commit): a re-run of the same range re-drafts its one entry
     * (docs/api.md#generate-a-draft-from-commits-and-pull-requests).
     */
    range: z
      .string()
      .max(255)
      .regex(/^(?:[^\s.]\S*)?\.\.\.[^\s.]\S*$/, 'must be "from...to" (or "...to")')
      .optional(),
    headSha: z
      .string()
      .regex(/^[0-9a-fA-F]{7,64}$/, 'must be a commit SHA')
      .optional(),
  })
  .refine((s) => [s.pullRequest, s.release, s.range].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of pullRequest, release and range',
  })
  .meta({ oneOf: [{ required: ['pullRequest'] }, { required: ['release'] }, { required: ['range'] }] });
export type GenerateSource = z.infer<typeof GenerateSourceSchema>;

const noNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'Must not contain NUL (U+0000) characters';

/**
 * One commit message as given (outside contributors write them: untrusted), at most 64 KiB, control
 * characters stripped (control-characters.ts).
 */
export const CommitMessageSchema = cleanText().max(65_536).refine(noNul, NUL_MESSAGE);

/** A GitHub login as generate takes it (`octocat`, `dependabot[bot]`). */
export const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

/** The most pull requests one generate call takes (docs/api.md#generate-a-draft-from-commits-and-pull-requests: `pullRequests` 0-500). */
export const MAX_PULL_REQUESTS = 500;

/**
 * One merged pull request of the range (docs/api.md#generate-a-draft-from-commits-and-pull-requests, `pullRequests`):
 * it is one item at most. Its body's release-note section replaces the title as the item text; its
 * labels decide category and skipping; `firstContribution` credits the author in "New contributors".
 */
/** A repository-relative path of a changed file (`src/lib.rs`, `README.md`). */
export const ChangedPathSchema = z.string().min(1).max(1000).refine(noNul, NUL_MESSAGE);

/** The most changed paths one commit or pull request carries (docs/api.md#generate-a-draft-from-commits-and-pull-requests `commitDetails`). */
export const MAX_CHANGED_FILES = 300;

/** What a change touched: its changed paths and line counts (git's `--numstat`, GitHub's pull-request files). */
const changedFiles = {
  files: z.array(ChangedPathSchema).max(MAX_CHANGED_FILES).optional(),
  additions: z.int().min(0).max(1_000_000_000).optional(),
  deletions: z.int().min(0).max(1_000_000_000).optional(),
};

/**
 * What commit `index` of `commits` changed (docs/api.md#generate-a-draft-from-commits-and-pull-requests `commitDetails`): the Action sends the
 * first-parent diff of each commit from git, and its SHA. Evidence for drafting: a change that touches only docs,
 * tests, CI or tooling is Maintenance; one that touches the product's sources is never dropped for its words.
 */
export const CommitDetailSchema = z.strictObject({
  index: z.int().min(0).max(499),
  files: z.array(ChangedPathSchema).max(MAX_CHANGED_FILES),
  additions: changedFiles.additions,
  deletions: changedFiles.deletions,
  /** The commit's SHA (7–40 hex digits): a revert that names it (`This reverts commit …`) cancels it. */
  sha: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/i)
    .optional(),
});
export type CommitDetail = z.infer<typeof CommitDetailSchema>;

/**
 * Each of `commitDetails` names one of `commits` (docs/api.md#generate-a-draft-from-commits-and-pull-requests
 * `commitDetails`): an `index` past the last commit is an issue at that detail's `index`.
 */
export function checkDetailIndexes(
  input: { commits?: readonly string[] | undefined; commitDetails?: readonly CommitDetail[] | undefined },
  ctx: z.RefinementCtx,
): void {
  const count = input.commits?.length ?? 0;
  input.commitDetails?.forEach((detail, i) => {
    if (detail.index < count) return;
    ctx.addIssue({
      code: 'custom',
      path: ['commitDetails', i, 'index'],
      message:
        count === 0
          ? 'Must be the index of one of `commits`, and there are none'
          : `Must be the index of one of \`commits\`: 0–${count - 1}`,
    });
  });
}

/** A glob of repository paths (`.github/shiplog.yml` `internal-paths`, `components[].paths`). */
export const PathGlobSchema = z.string().trim().min(1).max(200).refine(noNul, NUL_MESSAGE).meta(NOT_BLANK);

/** How much a draft says (docs/api.md#generate-a-draft-from-commits-and-pull-requests `detail`): every user-facing change, or only its highlights. */
export const DetailSchema = z.enum(['full', 'highlights']);
export type Detail = z.infer<typeof DetailSchema>;

/** A project's own heading of a category (`.github/shiplog.yml` `sections`; the drafting profile's). */
export const SectionHeadingSchema = z.strictObject({
  category: CategorySchema,
  heading: cleanText().trim().min(1).max(100).refine(noNul, NUL_MESSAGE).meta(NOT_BLANK_TEXT),
});
export type SectionHeading = z.infer<typeof SectionHeadingSchema>;

export const PullRequestInputSchema = z.strictObject({
  number: z.int().min(1).max(2_147_483_647),
  title: cleanText().trim().min(1).max(1000).refine(noNul, NUL_MESSAGE).meta(NOT_BLANK_TEXT),
  body: cleanText().max(65_536).refine(noNul, NUL_MESSAGE).nullable().optional(),
  labels: z.array(z.string().min(1).max(100).refine(noNul, NUL_MESSAGE)).max(100).optional(),
  /** The author's login (`octocat`, `dependabot[bot]`). */
  author: z.string().regex(GITHUB_LOGIN, 'must be a GitHub login').nullable().optional(),
  firstContribution: z.boolean().optional(),
  /** Issue numbers the pull request closes. */
  closes: z.array(z.int().min(1).max(2_147_483_647)).max(100).optional(),
  /** The pull request's changed paths and line counts (the App asks GitHub for them). */
  ...changedFiles,
});
export type PullRequestInput = z.infer<typeof PullRequestInputSchema>;

export const GenerateInputSchema = z
  .strictObject({
    commits: z.array(CommitMessageSchema).min(1).max(MAX_COMMITS),
    version: cleanText()
      .trim()
      .min(1)
      .max(40)
      .meta(NOT_BLANK_TEXT)
      .transform(normalizeVersion)
      .nullable()
      .optional(),
    /**
     * The previous release's tag or version as written (`v1.3.0`, `web@1.3.0`), for
     * `draft.suggestedVersion`; default: the project's newest published version.
     */
    previousVersion: cleanText()
      .trim()
      .min(1)
      .max(255)
      .refine(noNul, NUL_MESSAGE)
      .meta(NOT_BLANK_TEXT)
      .optional(),
    /** The merged pull requests of the range; the commits are then the first-parent ones. */
    pullRequests: z.array(PullRequestInputSchema).max(MAX_PULL_REQUESTS).optional(),
    /** What each commit changed (files, line counts), by its index in `commits`. */
    commitDetails: z.array(CommitDetailSchema).max(MAX_COMMITS).optional(),
    /** `full` (every user-facing change) or `highlights` (only what the notes would lead with). */
    detail: DetailSchema.optional(),
    /** The repository's own headings, in order (`.github/shiplog.yml` `sections`): they win over the profile's. */
    sections: z.array(SectionHeadingSchema).min(1).max(4).optional(),
    /** Globs whose changes alone are Maintenance (`.github/shiplog.yml` `internal-paths`), beside the built-in ones. */
    internalPaths: z.array(PathGlobSchema).max(100).optional(),
    /**
     * Globs that are the product's whatever the built-in docs/tests/CI/tooling rules say (`.github/shiplog.yml`
     * `product-paths`): a change touching them is never Maintenance for its files. `internalPaths` wins
     * where both match.
     */
    productPaths: z.array(PathGlobSchema).max(100).optional(),
    category: CategorySchema.optional(),
    visibility: VisibilitySchema.default('external'),
    publish: z.boolean().default(false),
    /** Keep the draft and publish it then (docs/api.md#entries, scheduling). */
    publishAt: PublishAtSchema.optional(),
    /** `owner/name`: with it, `#123`, `owner/repo#123` and commit SHAs in the draft become links. */
    repository: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'must be "owner/name"')
      .max(200)
      .optional(),
    /** The repository's web URL, for GitHub Enterprise; default `https://github.com/<repository>`. */
    repositoryUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
    /** The pull request or release this draft is for; needs `repository`. */
    source: GenerateSourceSchema.optional(),
    /** With `source`: re-draft the entry even if a person edited it (`/shiplog regenerate`). */
    regenerate: z.boolean().default(false),
    /** The monorepo component drafted: the entry is tagged with it, one entry per source and component. */
    component: ComponentSchema.optional(),
    /** Close with a "Contributors" line crediting every human author of `pullRequests` (bots excluded). */
    contributors: z.boolean().default(false),
    /**
     * A pull request's own draft (`source.pullRequest`, no `pullRequests`): the logins of its authors
     * (who opened it, who wrote its commits), credited with that pull request in the Contributors line.
     */
    authors: z.array(z.string().regex(GITHUB_LOGIN, 'must be a GitHub login')).max(MAX_COMMITS).optional(),
    /** Only readers whose token names one of these see the entry (publishers and owners set it). */
    segments: SegmentsSchema.optional(),
    /** The entry's summary for readers; without it the draft writes one from its highlights. */
    summary: SummarySchema.optional(),
    /** The widget opens the entry once per reader as a dialog (publishers and owners set it). */
    announce: z.boolean().optional(),
    /**
     * Project locales to draft translations into alongside (docs/languages.md): an AI provider only;
     * the offline drafter answers `translations: {}` and says why in `warnings`.
     */
    locales: LocalesSchema.optional().describe(
      'Other project locales to draft translations into alongside (AI provider only; the offline drafter answers `draft.translations: {}` and says why in `draft.warnings`)',
    ),
  })
  .refine((input) => input.source === undefined || input.repository !== undefined, {
    message: 'source needs repository ("owner/name")',
    path: ['repository'],
  })
  .superRefine(checkDetailIndexes)
  .meta({ dependentRequired: { source: ['repository'] }, ...NOT_PUBLISH_AND_PUBLISH_AT });
export type GenerateInput = z.infer<typeof GenerateInputSchema>;

export const DraftSectionSchema = z.object({ category: CategorySchema, items: z.array(z.string()) });
export type DraftSection = z.infer<typeof DraftSectionSchema>;

export const DraftSchema = z.object({
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  category: CategorySchema,
  version: z.string().nullable(),
  /**
   * The next version: the previous release's bumped by the changes (breaking → major, feature → minor,
   * else patch; one step less below 1.0.0), its tag prefix kept; null when the previous names no version.
   */
  suggestedVersion: z.string().nullable(),
  sections: z.array(DraftSectionSchema),
  commits: z.object({ received: z.number().int(), used: z.number().int(), ignored: z.number().int() }),
  provider: z.enum(['openai', 'offline']),
  model: z.string().nullable(),
  usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
  /** What the draft leads with: the changes this project's notes would lead with, most important first. */
  highlights: z.array(z.string()),
  /** `full` (every user-facing change) or `highlights` (only those): the request's, else the profile's. */
  detail: DetailSchema,
  /** The drafting profile the draft followed: `releasesLearned` 0 means the built-in defaults. */
  profile: z.object({ releasesLearned: z.number().int() }),
});
export type Draft = z.infer<typeof DraftSchema>;

/**
 * generate's `draft`: the drafted entry, and the translations asked for with `locales` (saved on the
 * entry like its own text) with `warnings` saying what was asked and not done, and why
 * (docs/languages.md "Drafting translations").
 */
export const GeneratedDraftSchema = DraftSchema.extend({
  translations: z
    .record(z.string(), DraftTranslationSchema)
    .describe('Locale → the drafted translation, saved on the entry; `{}` when none was drafted'),
  warnings: z
    .array(z.string())
    .describe('What the request asked that the draft does not have, and why (e.g. translations offline)'),
});
export type GeneratedDraft = z.infer<typeof GeneratedDraftSchema>;

/**
 * `201` for a new entry, `200` for the existing entry of a `source`. `draft` is null when that entry was
 * kept as it was: edited by a person (`editedAt` set; send `regenerate: true` to re-draft) or published.
 */
export const GenerateResponseSchema = z.object({
  entry: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    status: StatusSchema,
    editedAt: z.string().nullable(),
  }),
  draft: GeneratedDraftSchema.nullable(),
});
export type GenerateResponse = z.infer<typeof GenerateResponseSchema>;
