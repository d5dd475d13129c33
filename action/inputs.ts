/**
 * The Action's inputs (action.yml), read once and checked with zod; errors name the input.
 * The one module of the Action that reads them.
 */
import * as core from '@actions/core';
import { z } from 'zod';
import { CategorySchema, ComponentSchema, VisibilitySchema } from '../core/contract/entries.schema.ts';

const bool = (name: string, fallback: boolean) => {
  const raw = core.getInput(name).trim().toLowerCase();
  if (raw === '') return fallback;
  if (['true', 'yes', '1'].includes(raw)) return true;
  if (['false', 'no', '0'].includes(raw)) return false;
  throw new Error(`Input "${name}" must be true or false, not "${raw}"`);
};

const InputsSchema = z.object({
  apiUrl: z.url({
    protocol: /^https?$/,
    error: 'api-url must be an http(s) URL, e.g. https://changelog.example.com',
  }),
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
});

export type ActionInputs = z.infer<typeof InputsSchema> & {
  publish: boolean;
  comment: boolean | null;
  releaseNotes: boolean;
};

export function readInputs(): ActionInputs {
  const opt = (name: string) => core.getInput(name).trim() || undefined;
  const parsed = InputsSchema.safeParse({
    apiUrl: core.getInput('api-url', { required: true }).trim(),
    apiKey: core.getInput('api-key').trim(),
    githubToken: core.getInput('github-token').trim(),
    from: opt('from'),
    to: opt('to'),
    version: opt('version'),
    category: opt('category'),
    visibility: opt('visibility') ?? 'external',
    includePaths: core
      .getMultilineInput('include-paths')
      .flatMap((l) => l.split(','))
      .map((p) => p.trim())
      .filter(Boolean),
    component: opt('component'),
    importChangelog: opt('import-changelog'),
  });
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `input ${String(i.path[0])}: ${i.message}`).join('; '));
  }
  const comment = core.getInput('comment').trim() === '' ? null : bool('comment', true);
  return {
    ...parsed.data,
    publish: bool('publish', false),
    comment,
    releaseNotes: bool('release-notes', false),
  };
}
