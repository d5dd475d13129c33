/**
 * The AI drafter: any OpenAI-compatible chat-completions server (base URL, model and key are
 * configuration). Structured output with a strict JSON schema, validated again with zod on arrival.
 * Every reference and URL in the answer must exist in the input: invented ones are stripped, and an
 * answer left with nothing usable is a 502 `generation_failed`. The call itself, its retries and its
 * errors are ask-model.ts's, shared with the translator.
 */
import type OpenAI from 'openai';
import { z } from 'zod';
import { CATEGORIES } from '../../../core/contract/entries.schema.ts';
import {
  type CleanCommits,
  type DraftCore,
  type DraftOptions,
  finishModelDraft,
  plainRefs,
  type RefLinker,
} from '../../../core/drafting/index.ts';
import { GenerationFailedError } from '../../errors/errors.ts';
import { askModel } from './ask-model.ts';
import { buildPrompt, type ProjectVoice } from './build-prompt.ts';

const ModelDraftSchema = z.strictObject({
  title: z.string(),
  summary: z.string(),
  sections: z.array(z.strictObject({ category: z.enum(CATEGORIES), items: z.array(z.string()) })),
});

export type AiDraft = DraftCore & {
  model: string;
  usage: { inputTokens: number; outputTokens: number };
  removedRefs: string[];
};

export type OpenAiDrafterOptions = { model: string; maxInputTokens: number };

/**
 * Draft with the model. `commits` are the changes as the project's profile selected them (the same
 * evidence the offline drafter uses); `project` carries its voice (its profile in words and recent
 * notes, for the prompt) and its traits (headings, detail), which shape the answer as they shape an
 * offline draft.
 */
export async function draftWithOpenAI(
  client: OpenAI,
  commits: CleanCommits,
  version: string | null,
  options: OpenAiDrafterOptions,
  link: RefLinker = plainRefs,
  project: { voice?: ProjectVoice; draft?: DraftOptions } = {},
): Promise<AiDraft> {
  const prompt = await buildPrompt(commits, version, options.maxInputTokens, project.voice);
  const { answer, model, usage } = await askModel(client, {
    model: options.model,
    system: prompt.system,
    user: prompt.user,
    name: 'changelog_draft',
    schema: ModelDraftSchema,
    task: 'draft this release',
    answer: 'draft',
  });
  const finished = finishModelDraft(answer, commits, link, project.draft);
  if ('unusable' in finished) throw new GenerationFailedError(finished.unusable);
  const { draft: core, removedRefs } = finished;
  return { ...core, model, usage, removedRefs };
}
