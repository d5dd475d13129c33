/**
 * Public entries in a reader's language (docs/languages.md#readers): each entry's title, HTML and
 * summary in the first locale of the reader's chain it has a translation in, else its own text (the
 * default locale); each says which it shows (`locale`). Translations in a locale the project no longer
 * lists are never shown (the chain holds only listed locales).
 */
import type { Sql } from '../../db/connect.ts';
import { findTranslationsIn } from '../../db/entry-translations.ts';
import { localeChain, type ProjectLanguages } from './reader-locale.ts';

type Text = { id: string; title: string; html: string; summary: string | null };

/**
 * @param chosen the reader's language (services/languages/reader-locale.ts), one of the project's.
 * @returns `entries` in order, each with the text of its locale and `locale` set.
 */
export async function translateEntries<T extends Text>(
  sql: Sql,
  languages: ProjectLanguages,
  entries: readonly T[],
  chosen: string,
): Promise<(T & { locale: string })[]> {
  const chain = localeChain(languages, chosen);
  const wanted = chain.slice(0, -1);
  const own = (e: T) => ({ ...e, locale: languages.defaultLocale });
  if (wanted.length === 0 || entries.length === 0) return entries.map(own);
  const rows = await findTranslationsIn(
    sql,
    entries.map((e) => e.id),
    wanted,
  );
  const byEntry = new Map<string, Map<string, (typeof rows)[number]>>();
  for (const row of rows) {
    if (!byEntry.has(row.entryId)) byEntry.set(row.entryId, new Map());
    byEntry.get(row.entryId)!.set(row.locale, row);
  }
  return entries.map((e) => {
    const mine = byEntry.get(e.id);
    const locale = wanted.find((l) => mine?.has(l));
    if (locale === undefined) return own(e);
    const t = mine!.get(locale)!;
    return { ...e, title: t.title, html: t.html, summary: t.summary, locale };
  });
}
