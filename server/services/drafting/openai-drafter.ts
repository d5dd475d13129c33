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
import type { DraftSection } from '../../../core/contract/generate.schema.ts';
import { parseRetryAfter } from '../../../core/parse-retry-after.ts';
import { AiUnavailableError, GenerationFailedError } from '../../errors/errors.ts';
import { buildPrompt, type ProjectVoice } from './build-prompt.ts';
import type { CleanCommits } from './commit-hygiene.ts';
import { stripInventedRefs } from './commit-refs.ts';
import {
  bodyStyle,
  byImportance,
  type DraftCore,
  type DraftOptions,
  finishDraft,
  nameOf,
  withCollapsedLines,
} from './offline-drafter.ts';
import { isInternalProse } from './internal-work.ts';
import { plainRefs, type RefLinker } from './ref-links.ts';
import {
  BREAKING_PREFIX,
  escapeText,
  isBreakingItem,
  isDescriptive,
  newContributorsLine,
  renderBreakingItems,
  stripVersion,
} from './render-draft.ts';

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

/** An item of the model's that is internal work (its text without prefix, scope and references). */
function isInternalItem(item: string): boolean {
  const text = item
    .replace(/^(\*\*)?Breaking:?(\*\*)?:?\s*/, '')
    .replace(/^\*\*[^*]+\*\*:\s*/, '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\\(.)/g, '$1');
  return isInternalProse(text);
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

  const removedRefs: string[] = [];
  const clean = (text: string) => {
    const result = stripInventedRefs(text.trim(), commits.allowedRefs);
    removedRefs.push(...result.removed);
    return result.text;
  };
  // The answer is as untrusted as the commits it was made from: Markdown text only, no HTML or links.
  const cleanMarkdown = (text: string) => escapeText(clean(text));
  // The same guarantees as the offline drafter: no internal work listed, every breaking change kept.
  const sections: DraftSection[] = parsed.sections.map((s) => ({
    category: s.category,
    items: s.items
      .map(cleanMarkdown)
      .filter((item) => item.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 && !isInternalItem(item))
      .map((item) => item.replace(/^(\*\*)?Breaking:?(\*\*)?:?\s*/, BREAKING_PREFIX))
      .map(link.text),
  }));
  if (sections.every((s) => s.items.length === 0))
    throw new GenerationFailedError('The AI draft had no usable items');
  const answered = sections.flatMap((s) => s.items).filter(isBreakingItem).length;
  const expected = commits.changes.filter((c) => c.breaking);
  if (answered < expected.reduce((n, c) => n + Math.max(1, c.breakingNotes.length), 0)) {
    // Repaired, not trusted: the breaking changes as the commits state them replace the model's.
    for (const section of sections) section.items = section.items.filter((i) => !isBreakingItem(i));
    for (const c of expected) {
      const target = sections.find((s) => s.category === c.category) ?? sections[0]!;
      target.items.unshift(...renderBreakingItems(c, link));
    }
  }
  const modelHeadline = stripVersion(clean(parsed.title));
  const ranked = byImportance(commits.changes).map(nameOf);
  const headline = expected.length > 0 || !isDescriptive(modelHeadline) ? (ranked[0] ?? null) : modelHeadline;
  const detail = project.draft?.detail ?? project.draft?.traits?.detail ?? 'full';
  const core = finishDraft({
    sections: detail === 'highlights' ? sections : withCollapsedLines(sections, commits),
    headings: bodyStyle(project.draft).headings,
    detail,
    highlights: headline ? [headline, ...ranked.filter((h) => h !== headline).slice(0, 2)] : [],
    hasInternal: commits.maintenance.length + commits.dependencies.length > 0,
    summary: cleanMarkdown(parsed.summary) || null,
    closing: newContributorsLine(commits.newContributors, link),
  });
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
