/**
 * POST /api/v1/entries/generate: request and response (spec 2 "Generate input fields", 4.3;
 * CONTRACT.md "POST /api/v1/entries/generate").
 */
import { z } from 'zod';
import { CategorySchema, StatusSchema, VisibilitySchema } from './entries.schema.ts';

/** Spec section 8: 1-500 commit messages. */
export const MAX_COMMITS = 500;

export const GenerateInputSchema = z.strictObject({
  commits: z
    .array(
      z
        .string()
        .max(65_536)
        .refine((s) => !s.includes('\u0000'), 'Must not contain NUL (U+0000) characters'),
    )
    .min(1)
    .max(MAX_COMMITS),
  version: z.string().trim().min(1).max(40).nullable().optional(),
  category: CategorySchema.optional(),
  visibility: VisibilitySchema.default('external'),
  publish: z.boolean().default(false),
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
});
export type GenerateInput = z.infer<typeof GenerateInputSchema>;

export const DraftSectionSchema = z.object({ category: CategorySchema, items: z.array(z.string()) });
export type DraftSection = z.infer<typeof DraftSectionSchema>;

export const DraftSchema = z.object({
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  category: CategorySchema,
  version: z.string().nullable(),
  sections: z.array(DraftSectionSchema),
  commits: z.object({ received: z.number().int(), used: z.number().int(), ignored: z.number().int() }),
  provider: z.enum(['openai', 'offline']),
  model: z.string().nullable(),
  usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
});
export type Draft = z.infer<typeof DraftSchema>;

export const GenerateResponseSchema = z.object({
  entry: z.object({ id: z.string(), slug: z.string(), title: z.string(), status: StatusSchema }),
  draft: DraftSchema,
});
export type GenerateResponse = z.infer<typeof GenerateResponseSchema>;
