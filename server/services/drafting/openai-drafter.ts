/**
 * The AI drafter: any OpenAI-compatible chat-completions server (base URL, model and key are
 * configuration). Structured output with a strict JSON schema, validated again with zod on arrival.
 * Every reference and URL in the answer must exist in the input: invented ones are stripped, and an
 * answer left with nothing usable is a 502 `generation_failed`. Transport failures after the SDK's
 * own retries (exponential backoff, honouring Retry-After) are a 503 `ai_unavailable`.
 */
import OpenAI from 'openai';
import { z } from 'zod';
import { CATEGORIES } from '../../../core/contract/entries.schema.ts';
import { parseRetryAfter } from '../../../core/parse-retry-after.ts';
import {
  type CleanCommits,
  type DraftCore,
  type DraftOptions,
  finishModelDraft,
  plainRefs,
  type RefLinker,
} from '../../../core/drafting/index.ts';
import { AiUnavailableError, GenerationFailedError } from '../../errors/errors.ts';
import { buildPrompt, type ProjectVoice } from './build-prompt.ts';

const ModelDraftSchema = z.strictObject({
  title: z.string(),
  summary: z.string(),
  sections: z.array(z.strictObject({ category: z.enum(CATEGORIES), items: z.array(z.string()) })),
});
const { $schema: _ignored, ...MODEL_JSON_SCHEMA } = z.toJSONSchema(ModelDraftSchema) as Record<
  string,
  unknown
>;

export type AiDraft = DraftCore & {
  model: string;
  usage: { inputTokens: number; outputTokens: number };
  removedRefs: string[];
};

export type OpenAiDrafterOptions = { model: string; maxInputTokens: number };

const DEFAULT_RETRY_AFTER_S = 30;

/** The provider's Retry-After for ours, at least a second; 30 s when it sent none we can read. */
function retryAfterSeconds(err: InstanceType<typeof OpenAI.APIError>): number {
  const seconds = parseRetryAfter(err.headers?.get?.('retry-after'), Date.now());
  return seconds === null ? DEFAULT_RETRY_AFTER_S : Math.max(1, seconds);
}

/** Provider errors → our typed errors. Upstream text never reaches the client (it is logged). */
export function mapProviderError(err: unknown): Error {
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return new AiUnavailableError('The AI provider did not answer in time', DEFAULT_RETRY_AFTER_S, err);
  if (err instanceof OpenAI.APIConnectionError)
    return new AiUnavailableError('The AI provider could not be reached', DEFAULT_RETRY_AFTER_S, err);
  if (err instanceof OpenAI.RateLimitError)
    return new AiUnavailableError('The AI provider is rate-limiting requests', retryAfterSeconds(err), err);
  if (err instanceof OpenAI.APIError) {
    if ((err.status ?? 500) >= 500)
      return new AiUnavailableError('The AI provider failed', retryAfterSeconds(err), err);
    return new AiUnavailableError(
      'The AI provider refused the request (check the server’s OPENAI_* settings)',
      300,
      err,
    );
  }
  return err instanceof Error ? err : new Error(String(err));
}

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
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await client.chat.completions.create({
      model: options.model,
      temperature: 0.2,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'changelog_draft', strict: true, schema: MODEL_JSON_SCHEMA },
      },
    });
  } catch (err) {
    throw mapProviderError(err);
  }

  const choice = completion.choices[0];
  if (!choice) throw new GenerationFailedError('The AI provider returned no answer');
  if (choice.message.refusal)
    throw new GenerationFailedError('The AI provider refused to draft this release');
  if (choice.finish_reason === 'length')
    throw new GenerationFailedError('The AI answer was cut off before it was complete');
  let parsed: z.infer<typeof ModelDraftSchema>;
  try {
    parsed = ModelDraftSchema.parse(JSON.parse(choice.message.content ?? ''));
  } catch (err) {
    throw new GenerationFailedError('The AI answer was not a valid draft', err);
  }

  const finished = finishModelDraft(parsed, commits, link, project.draft);
  if ('unusable' in finished) throw new GenerationFailedError(finished.unusable);
  const { draft: core, removedRefs } = finished;
  return {
    ...core,
    model: completion.model || options.model,
    usage: {
      inputTokens: completion.usage?.prompt_tokens ?? prompt.tokens,
      outputTokens: completion.usage?.completion_tokens ?? 0,
    },
    removedRefs,
  };
}
