/**
 * The Action's inputs (action.yml), read once and checked with zod; errors name the input.
 * The one module of the Action that reads them.
 */
import * as core from '@actions/core';
import { z } from 'zod';
import { CategorySchema, ComponentSchema, VisibilitySchema } from '../core/contract/entries.schema.ts';
import { DetailSchema, PathGlobSchema, SectionHeadingSchema } from '../core/contract/generate.schema.ts';

const bool = (name: string, fallback: boolean) => {
  const raw = core.getInput(name).trim().toLowerCase();
  if (raw === '') return fallback;
  if (['true', 'yes', '1'].includes(raw)) return true;
  if (['false', 'no', '0'].includes(raw)) return false;
  throw new Error(`Input "${name}" must be true or false, not "${raw}"`);
};

const InputsSchema = z.object({
  /** Without it (and `api-key`), the Action drafts in the runner, without a server. */
  apiUrl: z
    .url({
      protocol: /^https?$/,
      error: 'api-url must be an http(s) URL, e.g. https://changelog.example.com',
    })
    .optional(),
  apiKey: z.string(),
  githubToken: z.string(),
  from: z.string().optional(),
  to: z.string().optional(),
  version: z.string().max(40, 'version is at most 40 characters').optional(),
  category: CategorySchema.optional(),
  visibility: VisibilitySchema,
  includePaths: z.array(z.string()),
  component: ComponentSchema.optional(),
  /** The changelog to import once as the project's history (a path in the checkout). */
  importChangelog: z.string().optional(),
  /** Globs whose changes alone are Maintenance (generate's `internalPaths`). */
  internalPaths: z.array(PathGlobSchema).max(100),
  /** Globs of the product's own files: changes there are never folded into Maintenance by their paths. */
  productPaths: z.array(PathGlobSchema).max(100),
  /** The repository's changelog (learned from without a server; written by `update-changelog`). */
  changelogFile: z
    .string()
    .min(1)
    .max(1000)
    .refine(
      (p) => !p.split(/[\\/]/).includes('..') && !p.startsWith('/'),
      'must be a path inside the checkout',
    )
    .optional(),
  detail: DetailSchema.optional(),
  /** This repository's headings, in order: `category: Heading` lines. */
  sections: z.array(SectionHeadingSchema).min(1).max(4).optional(),
});

export type ActionInputs = z.infer<typeof InputsSchema> & {
  publish: boolean;
  comment: boolean | null;
  releaseNotes: boolean;
  updateChangelog: boolean;
  changelogPullRequest: boolean;
};

/** A comma- or newline-separated list input, each item trimmed, blanks dropped. */
const listInput = (name: string) =>
  core
    .getMultilineInput(name)
    .flatMap((l) => l.split(','))
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * The `sections` input: one `category: Heading` a line (`fix: Bug fixes`); a line without a colon is
 * passed on whole, for the schema to refuse by name.
 */
function sectionsInput(): { category: string; heading: string }[] | undefined {
  const lines = core.getMultilineInput('sections').filter((l) => l.trim() !== '');
  if (lines.length === 0) return undefined;
  return lines.map((line) => {
    const at = line.indexOf(':');
    return at === -1
      ? { category: line.trim(), heading: '' }
      : { category: line.slice(0, at).trim(), heading: line.slice(at + 1).trim() };
  });
}

/** The issue's path as its input's name: `sections.0.heading` → `sections` line 1 (heading). */
function nameOf(path: readonly PropertyKey[]): string {
  const [field, index, key] = path.map(String);
  const input = field?.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) ?? '';
  if (index === undefined) return input;
  return `${input} ${field === 'sections' ? 'line' : 'item'} ${Number(index) + 1}${key ? ` (${key})` : ''}`;
}

export function readInputs(): ActionInputs {
  const opt = (name: string) => core.getInput(name).trim() || undefined;
  const parsed = InputsSchema.safeParse({
    apiUrl: opt('api-url'),
    apiKey: core.getInput('api-key').trim(),
    githubToken: core.getInput('github-token').trim(),
    from: opt('from'),
    to: opt('to'),
    version: opt('version'),
    category: opt('category'),
    visibility: opt('visibility') ?? 'external',
    includePaths: listInput('include-paths'),
    component: opt('component'),
    importChangelog: opt('import-changelog'),
    internalPaths: listInput('internal-paths'),
    productPaths: listInput('product-paths'),
    changelogFile: opt('changelog-file'),
    detail: opt('detail'),
    sections: sectionsInput(),
  });
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `input ${nameOf(i.path)}: ${i.message}`).join('; '));
  }
  const comment = core.getInput('comment').trim() === '' ? null : bool('comment', true);
  return {
    ...parsed.data,
    publish: bool('publish', false),
    comment,
    releaseNotes: bool('release-notes', false),
    updateChangelog: bool('update-changelog', false),
    changelogPullRequest: bool('changelog-pull-request', false),
  };
}
