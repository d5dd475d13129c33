/**
 * POST /api/v1/entries/{id}/translations/{locale}/draft (docs/languages.md "Drafting translations"):
 * the entry's saved title, body and summary, translated by the AI provider into one of the project's
 * other locales, for a person to review. Nothing is saved: the editor fills the locale's tab with it,
 * and it is stored only when someone saves it (PATCH `translations`), so it is never published on its
 * own. The role rule is the one for changing the entry (`authorizeEntryChange`): a draft is anyone's,
 * a published or scheduled entry a publisher's.
 */
import type { TranslationDraftResponse } from '../../../core/contract/languages.schema.ts';
import { findEntry } from '../../db/entries.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import { authorizeEntryChange, type Role } from '../accounts/authorize.ts';
import type { ServiceContext } from '../context.ts';
import { draftTranslation } from './draft-translations.ts';

/**
 * @throws NotFoundError (no such entry), ForbiddenError (role), InvalidError at `/params/locale`
 *   (not one of the project's other locales), AiUnavailableError (no provider, or unreachable),
 *   QuotaExceededError, GenerationFailedError.
 */
export async function draftEntryTranslation(
  ctx: ServiceContext,
  project: ProjectRow,
  role: Role,
  id: string,
  locale: string,
): Promise<TranslationDraftResponse> {
  const entry = await findEntry(ctx.sql, project.id, id);
  if (!entry) throw new NotFoundError(`No entry ${id} in this project`);
  authorizeEntryChange(role, entry);
  if (!project.locales.includes(locale)) {
    const detail =
      locale === project.defaultLocale
        ? `${locale} is the default locale: the entry's own text is in it`
        : `${locale} is not one of the project's locales (${project.locales.join(', ') || 'none yet'}): add it with PATCH /api/v1/project or in Settings`;
    throw new InvalidError(`locale: ${detail}`, [{ pointer: '/params/locale', detail }]);
  }
  const source = { title: entry.title, body: entry.body, summary: entry.summary };
  const answer = await draftTranslation(ctx, project, source, locale);
  return {
    locale,
    translation: answer.translation,
    provider: 'openai',
    model: answer.model,
    usage: answer.usage,
  };
}
