/**
 * Drafting translations with the AI provider (docs/languages.md "Drafting translations"): one locale
 * for the editor's "Draft translation" button, or several alongside a generated draft (`locales`).
 * Each translation is one AI draft of the project's monthly quota, taken before the provider is called
 * and given back when it fails, as generate does (docs/api.md#generate-a-draft-from-commits-and-pull-requests).
 */
import type { DraftTranslation } from '../../../core/contract/languages.schema.ts';
import { releaseAiDraft, reserveAiDraft } from '../../db/ai-usage.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { AiUnavailableError, QuotaExceededError, ShiplogError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { type AiTranslation, planTranslation, translateWithOpenAI } from './openai-translator.ts';

/** Whether this server drafts translations: an OpenAI-compatible provider is configured and on. */
export function canDraftTranslations(ctx: Pick<ServiceContext, 'config' | 'openai'>): boolean {
  return ctx.config.ai.provider === 'openai' && ctx.openai !== null;
}

/** Why translations are not drafted here, for a problem document or a draft's `warnings`. */
export function noTranslatorReason(ctx: Pick<ServiceContext, 'config'>): string {
  return ctx.config.ai.provider === 'off'
    ? 'AI drafting is turned off on this server (SHIPLOG_AI=off)'
    : 'no AI provider is configured on this server: translations are drafted by an OpenAI-compatible provider (set OPENAI_API_KEY, and OPENAI_BASE_URL for a server other than OpenAI)';
}

/**
 * Translate `source` (in the project's default locale) into `locale`, spending one AI draft, in as
 * many calls as `SHIPLOG_AI_MAX_INPUT_TOKENS` needs (openai-translator.ts).
 * @throws AiUnavailableError (no provider, or it cannot be reached), PayloadTooLargeError (a block
 *   over the input budget: before any call, and no quota spent), QuotaExceededError,
 *   GenerationFailedError.
 */
export async function draftTranslation(
  ctx: ServiceContext,
  project: Pick<ProjectRow, 'id' | 'plan' | 'defaultLocale'>,
  source: DraftTranslation,
  locale: string,
): Promise<AiTranslation> {
  const { ai } = ctx.config;
  if (!canDraftTranslations(ctx)) {
    const reason = noTranslatorReason(ctx);
    throw new AiUnavailableError(`Cannot draft a translation: ${reason}`, 3600);
  }
  const plan = await planTranslation(source, project.defaultLocale, locale, ai.maxInputTokens);
  const limit = project.plan === 'business' ? ai.monthlyQuota.business : ai.monthlyQuota.pro;
  const reserved = await reserveAiDraft(ctx.sql, project.id, limit);
  if (!reserved)
    throw new QuotaExceededError(
      `The project's ${limit} AI drafts for this month are used up; they renew on the 1st (UTC)`,
    );
  const stopTimer = ctx.metrics.aiDraftSeconds.startTimer({ provider: 'openai' });
  try {
    const answer = await translateWithOpenAI(ctx.openai!, plan, { model: ai.model });
    stopTimer();
    ctx.metrics.aiDrafts.inc({ provider: 'openai', outcome: 'drafted' });
    ctx.metrics.aiTokens.inc({ kind: 'input' }, answer.usage.inputTokens);
    ctx.metrics.aiTokens.inc({ kind: 'output' }, answer.usage.outputTokens);
    return answer;
  } catch (err) {
    ctx.metrics.aiDrafts.inc({ provider: 'openai', outcome: 'failed' });
    await releaseAiDraft(ctx.sql, project.id, reserved);
    throw err;
  }
}

export type TranslationsAlongside = {
  translations: Record<string, DraftTranslation>;
  /** One sentence per locale asked and not drafted, and why. */
  warnings: string[];
  usage: { inputTokens: number; outputTokens: number };
};

/**
 * Translations of a generated draft into `locales`, one provider call each (in turn, so the quota is
 * spent in order). A locale that fails (quota, provider, unusable answer) is left out and said in
 * `warnings`: the draft itself is kept. Offline, nothing is drafted and `warnings` says why.
 */
export async function draftTranslationsAlongside(
  ctx: ServiceContext,
  project: Pick<ProjectRow, 'id' | 'plan' | 'defaultLocale'>,
  source: DraftTranslation,
  locales: readonly string[],
): Promise<TranslationsAlongside> {
  const result: TranslationsAlongside = {
    translations: {},
    warnings: [],
    usage: { inputTokens: 0, outputTokens: 0 },
  };
  if (locales.length === 0) return result;
  if (!canDraftTranslations(ctx)) {
    result.warnings.push(
      `Translations into ${locales.join(', ')} were not drafted: the offline drafter writes the default locale (${project.defaultLocale}) only, and ${noTranslatorReason(ctx)}`,
    );
    return result;
  }
  for (const locale of locales) {
    try {
      const answer = await draftTranslation(ctx, project, source, locale);
      result.translations[locale] = answer.translation;
      result.usage.inputTokens += answer.usage.inputTokens;
      result.usage.outputTokens += answer.usage.outputTokens;
    } catch (err) {
      if (!(err instanceof ShiplogError)) throw err;
      result.warnings.push(`The translation into ${locale} was not drafted: ${err.message}`);
    }
  }
  return result;
}
