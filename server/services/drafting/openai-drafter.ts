/**
 * The AI drafter's model call: the writer core/drafting's `writeRelease` is given. The library selects
 * the changes before and holds the answer to the offline drafter's guarantees after (invented
 * references stripped; an answer left with nothing usable is a 502 `generation_failed`, raised by
 * generate-entry.ts). Structured output with a strict JSON schema, validated again with zod on arrival.
 * The call itself, its retries and its errors are ask-model.ts's, shared with the translator.
 */
import type OpenAI from 'openai';
import { z } from 'zod';
import { CATEGORIES } from '../../../core/contract/entries.schema.ts';
import type { WriterBrief, WrittenAnswer } from '../../../core/drafting/index.ts';
import { askModel } from './ask-model.ts';
import { buildPrompt, type ProjectVoice } from './build-prompt.ts';

const ModelDraftSchema = z.strictObject({
  title: z.string(),
  summary: z.string(),
  sections: z.array(z.strictObject({ category: z.enum(CATEGORIES), items: z.array(z.string()) })),
});

export type OpenAiDrafterOptions = { model: string; maxInputTokens: number };

/**
 * The model's answer for `brief` (the changes as the project's profile selected them, the same the
 * offline drafter uses), in the project's `voice` (its profile in words and recent notes).
 * @throws AiUnavailableError, GenerationFailedError (ask-model.ts).
 */
export async function draftWithOpenAI(
  client: OpenAI,
  brief: WriterBrief,
  voice: ProjectVoice,
  options: OpenAiDrafterOptions,
): Promise<WrittenAnswer> {
  const prompt = await buildPrompt(brief.changes, brief.version, options.maxInputTokens, voice);
  const { answer, model, usage } = await askModel(client, {
    model: options.model,
    system: prompt.system,
    user: prompt.user,
    name: 'changelog_draft',
    schema: ModelDraftSchema,
    task: 'draft this release',
    answer: 'draft',
  });
  return { answer, provider: 'openai', model, usage };
}
