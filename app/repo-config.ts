/**
 * A repository's `.github/shiplog.yml` (docs/github-app.md#github-app), read through Probot's config loader,
 * so `_extends: .github` (or `other-repo`) shares settings across an organisation. Every key is
 * optional; unknown keys are refused so a typo is reported instead of silently ignored.
 *
 * ```yaml
 * enabled: true                 # false: the app does nothing in this repository
 * on: [pull_request, release]   # which events draft entries
 * category-labels: { enhancement: feature, bug: fix }   # label → category (first match wins)
 * skip-labels: [no-changelog]   # a pull request with one of these gets no entry
 * visibility: external          # or internal (team only)
 * publish-on-merge: false       # publish the pull request's entry when it is merged
 * publish-on-release: false     # publish a release's entry at once instead of drafting it
 * release-link: false           # add the published entry's link to the GitHub release's notes
 * include-paths: []             # only commits touching these paths (a monorepo package)
 * shipped-comment: true         # "Shipped in 1.2.0: <link>" on pull requests and issues once published
 * release-notes: false          # write the drafted notes into the GitHub release (contents: write)
 * contributors: false           # a "Contributors" line crediting every human author of the range
 * internal-paths: []            # globs whose changes alone are Maintenance (beside docs, tests, CI, tooling)
 * product-paths: []             # globs that are the product's whatever the built-in rules say (templates/**)
 * changelog-file: CHANGELOG.md  # with changelog-pull-request: true, a published entry goes into it by pull request
 * detail: full                  # or highlights: only the changes the notes would lead with
 * sections:                     # this repository's headings, in order (1-4)
 *   - { category: feature, heading: Added }
 * components:                   # a monorepo: one entry per component a change touches
 *   - { name: web, paths: ['packages/web/**'], project: web-changelog }
 * ```
 */
import { z } from 'zod';
import { CategorySchema, ComponentSchema, VisibilitySchema } from '../core/contract/entries.schema.ts';
import { DetailSchema, PathGlobSchema, SectionHeadingSchema } from '../core/contract/generate.schema.ts';
import type { DraftingSettings } from '../core/generate-request.ts';

/** One monorepo component: its name (tags `name@1.2.0`, `name-v1.2.0`), its paths, its own project. */
export const ComponentConfigSchema = z.strictObject({
  name: ComponentSchema,
  paths: z.array(z.string().min(1).max(500)).min(1).max(50),
  /** The slug of the project its entries go to (default: the repository's linked project). */
  project: z.string().min(1).max(100).optional(),
});
export type ComponentConfig = z.infer<typeof ComponentConfigSchema>;

export const RepoConfigSchema = z.strictObject({
  enabled: z.boolean().default(true),
  on: z.array(z.enum(['pull_request', 'release'])).default(['pull_request', 'release']),
  'category-labels': z.record(z.string().min(1), CategorySchema).default({}),
  'skip-labels': z.array(z.string().min(1)).default(['no-changelog', 'skip-changelog']),
  visibility: VisibilitySchema.default('external'),
  'publish-on-merge': z.boolean().default(false),
  'publish-on-release': z.boolean().default(false),
  'release-link': z.boolean().default(false),
  'include-paths': z.array(z.string().min(1)).default([]),
  'shipped-comment': z.boolean().default(true),
  /** The repository's changelog: with `changelog-pull-request`, a published entry is proposed into it. */
  'changelog-file': z.string().min(1).max(1000).optional(),
  'changelog-pull-request': z.boolean().default(false),
  'release-notes': z.boolean().default(false),
  contributors: z.boolean().default(false),
  components: z
    .array(ComponentConfigSchema)
    .max(50)
    .refine((list) => new Set(list.map((c) => c.name)).size === list.length, 'component names must differ')
    .default([]),
  /** Drafting (docs/github-app.md#github-app): what the file says wins over the drafting profile. */
  'internal-paths': z.array(PathGlobSchema).max(100).default([]),
  'product-paths': z.array(PathGlobSchema).max(100).default([]),
  detail: DetailSchema.optional(),
  sections: z.array(SectionHeadingSchema).min(1).max(4).optional(),
});
export type RepoConfig = z.infer<typeof RepoConfigSchema>;

/** `include-paths` as gather-release.ts takes it: undefined for "every path". */
export function includePaths(config: RepoConfig): string[] | undefined {
  return config['include-paths'].length ? config['include-paths'] : undefined;
}

/** The drafting settings generate takes (`internalPaths`, `productPaths`, `detail`, `sections`). */
export function draftingOf(config: RepoConfig): DraftingSettings {
  return {
    internalPaths: config['internal-paths'],
    productPaths: config['product-paths'],
    detail: config.detail,
    sections: config.sections,
  };
}

export class RepoConfigError extends Error {
  override name = 'RepoConfigError';
}

/** The part of a Probot context this module uses. */
type ConfigReader = {
  config: (
    fileName: string,
    defaults?: object,
    merge?: { arrayMerge: (target: unknown[], source: unknown[]) => unknown[] },
  ) => Promise<object | null>;
};

/**
 * @returns the repository's settings, defaults filled in (no file: all defaults).
 * @throws RepoConfigError naming each bad key, for the maintainer to fix.
 */
export async function loadRepoConfig(context: ConfigReader): Promise<RepoConfig> {
  let raw: object | null;
  try {
    // A list in the repository's file replaces the one it extends (deepmerge would concatenate them).
    raw = await context.config('shiplog.yml', undefined, { arrayMerge: (_base, own) => own });
  } catch (err) {
    throw new RepoConfigError(`.github/shiplog.yml could not be read: ${(err as Error).message}`);
  }
  const { _extends: _ignored, ...settings } = (raw ?? {}) as Record<string, unknown>;
  const parsed = RepoConfigSchema.safeParse(settings);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `\`${i.path.join('.') || '(file)'}\`: ${i.message}`);
    throw new RepoConfigError(`.github/shiplog.yml is not valid: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/**
 * The repository's labels in the names generate knows (docs/api.md#generate-a-draft-from-commits-and-pull-requests `pullRequests`): a `category-labels`
 * label becomes its category (`feature`, `fix`…), a `skip-labels` label becomes `skip-changelog`, and
 * any other label is sent as it is (generate's defaults still apply to it).
 */
export function labelMapOf(config: RepoConfig): (label: string) => string {
  return (label) => {
    const category = config['category-labels'][label];
    if (category) return category;
    return config['skip-labels'].includes(label) ? 'skip-changelog' : label;
  };
}
