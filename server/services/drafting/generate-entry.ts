/**
 * POST /api/v1/entries/generate (docs/api.md#generate-a-draft-from-commits-and-pull-requests): commit
 * messages → cleaned → drafted (OpenAI or the offline drafter) → stored (save-drafted-entry.ts: a new
 * entry, or the one entry of the pull request or release named by `source`), published and dispatched
 * when asked.
 *
 * Quota: an AI draft takes one unit of the project's monthly quota before the provider is called (so
 * concurrent requests cannot overspend) and gives it back if anything fails, so a failure neither
 * stores an entry nor spends quota. Offline drafts, releases with no user-facing change (no model
 * needed), and a source whose entry is locked (edited or published: nothing is drafted) cost nothing.
 */
import type { GeneratedDraft, GenerateInput } from '../../../core/contract/generate.schema.ts';
import { releaseAiDraft, reserveAiDraft } from '../../db/ai-usage.ts';
import { findEntryBySource, findNewestPublishedVersion } from '../../db/entries.ts';
import type { ProjectRow } from '../../db/projects.ts';
import {
  AiUnavailableError,
  GenerationFailedError,
  InvalidError,
  QuotaExceededError,
} from '../../errors/errors.ts';
import { authorizeEntryChange, authorizeNewEntry, type Role } from '../accounts/authorize.ts';
import type { ServiceContext } from '../context.ts';
import { assertPublishAt } from '../entries/create-entry.ts';
import type OpenAI from 'openai';
import {
  draftRelease,
  type DraftingProfileModel,
  type DraftWriter,
  type ReleaseDraft,
  writeRelease,
} from '../../../core/drafting/index.ts';
import { loadDraftingProfile, projectVoice } from './project-profile.ts';
import { draftWithOpenAI } from './openai-drafter.ts';
import { prepareTranslations } from '../languages/entry-translations.ts';
import { draftTranslationsAlongside } from './draft-translations.ts';
import {
  type DraftOutcome,
  entrySummaryOf,
  entrySourceOf,
  isLocked,
  type SaveBeforeCommit,
  saveDraftedEntry,
} from './save-drafted-entry.ts';

export type { DraftOutcome } from './save-drafted-entry.ts';

const NOTHING_RENDERED = { html: '', translations: [] };

/**
 * @throws InvalidError at `/locales/<i>` for a locale generate was asked to translate into that is not
 *   one of the project's other locales (docs/languages.md "Drafting translations").
 */
function assertProjectLocales(project: Pick<ProjectRow, 'defaultLocale' | 'locales'>, locales: string[]) {
  const errors = locales.flatMap((locale, i) =>
    project.locales.includes(locale)
      ? []
      : [
          {
            pointer: `/locales/${i}`,
            detail:
              locale === project.defaultLocale
                ? `${locale} is the default locale: the draft itself is written in it`
                : `${locale} is not one of the project's locales (${project.locales.join(', ') || 'none yet'})`,
          },
        ],
  );
  if (errors.length > 0) throw new InvalidError(`locales: ${errors[0]!.detail}`, errors);
}

/**
 * @param role the caller's role (API keys and the App act as publishers): re-drafting an existing
 *   entry is a change of it, allowed by `authorizeEntryChange`.
 * @throws ForbiddenError, QuotaExceededError, AiUnavailableError, GenerationFailedError.
 */
export async function generateEntry(
  ctx: ServiceContext,
  project: ProjectRow,
  role: Role,
  input: GenerateInput,
  log: { warn: (obj: object, msg: string) => void },
  beforeCommit?: SaveBeforeCommit,
): Promise<DraftOutcome> {
  const { ai } = ctx.config;
  if (input.publishAt) assertPublishAt(input.publishAt, input.publish);
  if (ai.provider === 'off') throw new AiUnavailableError('AI generation is turned off on this server', 3600);
  assertProjectLocales(project, input.locales ?? []);

  // A locked entry is kept without drafting: no model call, no quota (checked again in the write).
  const source = entrySourceOf(input);
  const existing = source ? await findEntryBySource(ctx.sql, project.id, source) : undefined;
  if (existing && isLocked(existing, input.regenerate)) {
    return saveDraftedEntry(ctx, project.id, role, input, null, NOTHING_RENDERED, beforeCommit);
  }
  // Refused before any model call or quota (and again, on the locked row, in the write).
  if (existing) authorizeEntryChange(role, existing, input);
  else authorizeNewEntry(role, input);

  const quota: QuotaHold = { reserved: null };
  const stopTimer = ctx.metrics.aiDraftSeconds.startTimer();
  let drafted = false;
  try {
    const draft = await draftEntry(ctx, project, input, quota, log);
    const { provider } = draft;
    stopTimer({ provider });
    drafted = true;
    ctx.metrics.aiDrafts.inc({ provider, outcome: 'drafted' });
    ctx.metrics.aiTokens.inc({ kind: 'input' }, draft.usage.inputTokens);
    ctx.metrics.aiTokens.inc({ kind: 'output' }, draft.usage.outputTokens);
    const html = await ctx.markdown.render(draft.body, project.id);
    const summary = entrySummaryOf(input, draft);
    const source = { title: draft.title, body: draft.body, summary };
    const alongside = await draftTranslationsAlongside(ctx, project, source, input.locales ?? []);
    const translations = await prepareTranslations(ctx, project.id, alongside.translations);
    const generated: GeneratedDraft = {
      ...draft,
      usage: {
        inputTokens: draft.usage.inputTokens + alongside.usage.inputTokens,
        outputTokens: draft.usage.outputTokens + alongside.usage.outputTokens,
      },
      translations: alongside.translations,
      warnings: alongside.warnings,
    };
    return await saveDraftedEntry(
      ctx,
      project.id,
      role,
      input,
      generated,
      { html, translations },
      beforeCommit,
    );
  } catch (err) {
    const provider = quota.reserved ? 'openai' : 'offline';
    // A refused quota is no failed draft: nothing was drafted.
    if (!drafted && !(err instanceof QuotaExceededError))
      ctx.metrics.aiDrafts.inc({ provider, outcome: 'failed' });
    if (quota.reserved) await releaseAiDraft(ctx.sql, project.id, quota.reserved);
    throw err;
  }
}

/** The quota unit an AI draft holds while it is made: reserved before the model call, given back on failure. */
type QuotaHold = { reserved: string | null };

/**
 * The draft of `input` (core/drafting's draft-release.ts: the author's signals, then the files, then
 * the project's profile, then the words): written by the model when the server has one, else offline.
 * The service adds only the profile, the previous version, the quota and the model call.
 * @throws QuotaExceededError, AiUnavailableError, GenerationFailedError (the model's answer unusable).
 */
async function draftEntry(
  ctx: ServiceContext,
  project: ProjectRow,
  input: GenerateInput,
  quota: QuotaHold,
  log: { warn: (obj: object, msg: string) => void },
): Promise<ReleaseDraft> {
  const profile = await loadDraftingProfile(ctx, project.id);
  // The next version bumps the previous release: the request's, else the project's newest published.
  const previousVersion =
    input.previousVersion ??
    (await findNewestPublishedVersion(ctx.sql, project.id, input.component ?? null)) ??
    undefined;
  const drafting = { ...input, previousVersion };
  const openai = ctx.config.ai.provider === 'openai' ? ctx.openai : null;
  if (!openai) return draftRelease(drafting, profile);
  const written = await writeRelease(drafting, profile, modelWriter(ctx, project, profile, openai, quota));
  if ('unusable' in written) throw new GenerationFailedError(written.unusable);
  if (written.removedRefs.length > 0)
    log.warn({ removedRefs: written.removedRefs }, 'stripped references the model invented');
  return written.draft;
}

/**
 * The model as core/drafting's writer, called only for a release with something users would read:
 * one unit of the project's monthly quota reserved first (so concurrent requests cannot overspend,
 * held in `quota` to be given back on failure), then the call in the project's voice.
 */
function modelWriter(
  ctx: ServiceContext,
  project: ProjectRow,
  profile: DraftingProfileModel | null,
  openai: OpenAI,
  quota: QuotaHold,
): DraftWriter {
  const { ai } = ctx.config;
  return async (brief) => {
    const limit = project.plan === 'business' ? ai.monthlyQuota.business : ai.monthlyQuota.pro;
    quota.reserved = await reserveAiDraft(ctx.sql, project.id, limit);
    if (!quota.reserved) {
      throw new QuotaExceededError(
        `The project's ${limit} AI drafts for this month are used up; they renew on the 1st (UTC)`,
      );
    }
    const voice = await projectVoice(ctx, project.id, profile, brief.highlights);
    return draftWithOpenAI(openai, brief, voice, { model: ai.model, maxInputTokens: ai.maxInputTokens });
  };
}
