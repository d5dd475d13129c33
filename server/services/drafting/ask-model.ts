/**
 * One question to the configured OpenAI-compatible chat-completions server, the drafter's and the
 * translator's alike: a system and a user message, a strict JSON schema for the answer (validated
 * again with zod on arrival). Transport failures after the SDK's own retries (exponential backoff,
 * honouring Retry-After; create-ai-client.ts sets how many) are a 503 `ai_unavailable`; an answer
 * that is missing, refused, cut off or not of the schema is a 502 `generation_failed`.
 */
import OpenAI from 'openai';
import { z } from 'zod';
import { parseRetryAfter } from '../../../core/parse-retry-after.ts';
import { AiUnavailableError, GenerationFailedError } from '../../errors/errors.ts';
import { loadTokenizer } from './count-tokens.ts';

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

/** What is asked: the messages, and the answer's shape under a name the provider sees. */
export type ModelQuestion<T> = {
  model: string;
  system: string;
  user: string;
  /** The JSON schema's name (`changelog_draft`); letters, digits, `_` and `-`. */
  name: string;
  schema: z.ZodType<T>;
  /** What the model was asked to do, for the errors: "draft this release", "translate this entry". */
  task: string;
  /** What a valid answer is, for the errors: "draft", "translation". */
  answer: string;
};

export type ModelAnswer<T> = {
  answer: T;
  /** The model that answered, as the provider names it (its dated version), else the one asked. */
  model: string;
  /** As the provider reports them; without a report, the prompt's own count in and 0 out. */
  usage: { inputTokens: number; outputTokens: number };
};

/** `schema` as the strict JSON schema providers take (without `$schema`, which they refuse). */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema) as Record<string, unknown>;
  return json;
}

/**
 * Ask the model `question`, at temperature 0.2, and read its answer.
 * @throws AiUnavailableError (transport, rate limits, refused request), GenerationFailedError.
 */
export async function askModel<T>(client: OpenAI, question: ModelQuestion<T>): Promise<ModelAnswer<T>> {
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await client.chat.completions.create({
      model: question.model,
      temperature: 0.2,
      messages: [
        { role: 'system', content: question.system },
        { role: 'user', content: question.user },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: question.name, strict: true, schema: jsonSchemaOf(question.schema) },
      },
    });
  } catch (err) {
    throw mapProviderError(err);
  }
  const choice = completion.choices[0];
  if (!choice) throw new GenerationFailedError('The AI provider returned no answer');
  if (choice.message.refusal) throw new GenerationFailedError(`The AI provider refused to ${question.task}`);
  if (choice.finish_reason === 'length')
    throw new GenerationFailedError(`The AI ${question.answer} was cut off before it was complete`);
  let answer: T;
  try {
    answer = question.schema.parse(JSON.parse(choice.message.content ?? ''));
  } catch (err) {
    throw new GenerationFailedError(`The AI answer was not a valid ${question.answer}`, err);
  }
  return {
    answer,
    model: completion.model || question.model,
    usage: await usageOf(completion, question),
  };
}

/** The tokens the provider counted; without its count, the prompt's own (as the budget counts it) in, 0 out. */
async function usageOf(
  completion: OpenAI.Chat.Completions.ChatCompletion,
  question: Pick<ModelQuestion<unknown>, 'system' | 'user'>,
): Promise<ModelAnswer<unknown>['usage']> {
  // Compatible servers may leave out usage or a field of it.
  const reported: Partial<OpenAI.CompletionUsage> = completion.usage ?? {};
  const inputTokens = reported.prompt_tokens ?? (await countPrompt(question.system, question.user));
  return { inputTokens, outputTokens: reported.completion_tokens ?? 0 };
}

async function countPrompt(system: string, user: string): Promise<number> {
  const count = await loadTokenizer();
  return count(system) + count(user);
}
