/**
 * An entry's translations as create and PATCH write them (docs/languages.md): each in one of the
 * project's other locales (`400 invalid` at `/translations/<locale>` otherwise), its body rendered and
 * sanitized like the entry's by the same worker pool and time budget (`/translations/<locale>/body`
 * when too complex), written in the transaction of the entry's change. A PATCH merges (RFC 7396): the
 * fields a locale names change, `null` removes the locale, the others stay.
 */
import type { TranslationInput, TranslationsPatch } from '../../../core/contract/entries.schema.ts';
import type { TransactionSql } from '../../db/connect.ts';
import {
  deleteTranslation,
  findTranslations,
  type TranslationText,
  upsertTranslation,
} from '../../db/entry-translations.ts';
import { findReaderProjectById, type ReaderProjectRow } from '../../db/reader-projects.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { searchLanguageOf } from './search-language-of.ts';

export type ProjectLanguages = Pick<ReaderProjectRow, 'defaultLocale' | 'locales'>;

/** A locale's change as a PATCH asks it, its body (when given) rendered: `remove`, or fields to set. */
export type TranslationChange =
  | { locale: string; remove: true }
  | {
      locale: string;
      remove?: false;
      title?: string | undefined;
      body?: { markdown: string; html: string } | undefined;
      summary?: string | null | undefined;
    };

const at = (locale: string, field?: string) => `/translations/${locale}${field ? `/${field}` : ''}`;

/** @throws InvalidError unless `locale` is one of the project's other locales. */
function assertProjectLocale(languages: ProjectLanguages, locale: string): void {
  if (languages.locales.includes(locale)) return;
  const detail =
    locale === languages.defaultLocale
      ? `${locale} is the default locale: the entry's own title, body and summary are in it`
      : `${locale} is not one of the project's locales (${languages.locales.join(', ') || 'none yet'}): add it with PATCH /api/v1/project or in Settings`;
  throw new InvalidError(`translations: ${detail}`, [{ pointer: at(locale), detail }]);
}

async function projectLanguages(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
): Promise<ProjectLanguages> {
  const project = await findReaderProjectById(ctx.sql, projectId);
  if (!project) throw new NotFoundError('The project no longer exists');
  return project;
}

/** `markdown` rendered like an entry body; a body too complex to render is `400` at its own pointer. */
async function render(
  ctx: Pick<ServiceContext, 'markdown'>,
  projectId: string,
  locale: string,
  markdown: string,
) {
  try {
    return await ctx.markdown.render(markdown, projectId);
  } catch (err) {
    if (!(err instanceof InvalidError)) throw err;
    throw new InvalidError(`translations.${locale}.body: too complex to render`, [
      { pointer: at(locale, 'body'), detail: 'too complex to render' },
    ]);
  }
}

/**
 * The translations of a new entry, checked and rendered (before its transaction).
 * @throws InvalidError for a locale outside the project's, or a body too complex to render.
 */
export async function prepareTranslations(
  ctx: Pick<ServiceContext, 'sql' | 'markdown'>,
  projectId: string,
  translations: Record<string, TranslationInput> | undefined,
): Promise<TranslationText[]> {
  const given = Object.entries(translations ?? {});
  if (given.length === 0) return [];
  const languages = await projectLanguages(ctx, projectId);
  for (const [locale] of given) assertProjectLocale(languages, locale);
  return Promise.all(
    given.map(async ([locale, t]) => ({
      locale,
      title: t.title,
      body: t.body,
      html: await render(ctx, projectId, locale, t.body),
      summary: t.summary ?? null,
      searchLanguage: searchLanguageOf(locale),
    })),
  );
}

/**
 * A PATCH's `translations`, checked and their bodies rendered (before the transaction). Removing a
 * locale is allowed whatever the project's list says (a locale taken off the list keeps its rows).
 * @throws InvalidError for a locale outside the project's, or a body too complex to render.
 */
export async function prepareTranslationChanges(
  ctx: Pick<ServiceContext, 'sql' | 'markdown'>,
  projectId: string,
  patch: TranslationsPatch | undefined,
): Promise<TranslationChange[]> {
  const given = Object.entries(patch ?? {});
  if (given.length === 0) return [];
  const languages = await projectLanguages(ctx, projectId);
  return Promise.all(
    given.map(async ([locale, fields]): Promise<TranslationChange> => {
      if (fields === null) return { locale, remove: true };
      assertProjectLocale(languages, locale);
      const body =
        fields.body === undefined
          ? undefined
          : { markdown: fields.body, html: await render(ctx, projectId, locale, fields.body) };
      return { locale, title: fields.title, body, summary: fields.summary };
    }),
  );
}

/** In the entry's transaction: write a new entry's translations. */
export async function writeTranslations(
  tx: TransactionSql,
  entryId: string,
  texts: readonly TranslationText[],
): Promise<void> {
  for (const text of texts) await upsertTranslation(tx, entryId, text);
}

/**
 * In the entry's transaction (its row locked): merge `changes` into entry `entryId`'s translations.
 * @throws InvalidError when a locale it has no translation in yet lacks `title` or `body`.
 */
export async function applyTranslationChanges(
  tx: TransactionSql,
  entryId: string,
  changes: readonly TranslationChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const current = new Map((await findTranslations(tx, entryId)).map((t) => [t.locale, t]));
  for (const change of changes) {
    if (change.remove) {
      await deleteTranslation(tx, entryId, change.locale);
      continue;
    }
    const had = current.get(change.locale);
    const title = change.title ?? had?.title;
    const body = change.body ?? (had && { markdown: had.body, html: had.html });
    if (title === undefined || body === undefined) {
      const missing = title === undefined ? 'title' : 'body';
      const detail = `a new translation needs its ${missing}`;
      throw new InvalidError(`translations.${change.locale}: ${detail}`, [
        { pointer: at(change.locale, missing), detail },
      ]);
    }
    await upsertTranslation(tx, entryId, {
      locale: change.locale,
      title,
      body: body.markdown,
      html: body.html,
      summary: change.summary !== undefined ? change.summary : (had?.summary ?? null),
      searchLanguage: searchLanguageOf(change.locale),
    });
  }
}
