/**
 * SQL for entries' translations (migration 0018; docs/languages.md): one row per entry and locale with
 * its title, body, sanitized HTML and summary, indexed for search with its language's text search
 * configuration.
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type TranslationRow = {
  entryId: string;
  /** BCP 47, canonical. */
  locale: string;
  title: string;
  /** Markdown. */
  body: string;
  /** `body` rendered and sanitized like an entry's. */
  html: string;
  summary: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What a write gives: the text, and the name of its language's text search configuration. */
export type TranslationText = Pick<TranslationRow, 'locale' | 'title' | 'body' | 'html' | 'summary'> & {
  searchLanguage: string;
};

const COLUMNS = 'entry_id, locale, title, body, html, summary, created_at, updated_at';

/** Entry `entryId`'s translations, by locale. */
export async function findTranslations(sql: Db, entryId: string): Promise<TranslationRow[]> {
  return sql<TranslationRow[]>`
    select ${sql.unsafe(COLUMNS)} from entry_translations where entry_id = ${entryId} order by locale`;
}

/** The locales each of `entryIds` is translated into (entries with none are absent). */
export async function findTranslatedLocales(
  sql: Db,
  entryIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (entryIds.length === 0) return new Map();
  const rows = await sql<{ entryId: string; locales: string[] }[]>`
    select entry_id, array_agg(locale order by locale) as locales from entry_translations
    where entry_id in ${sql(entryIds as string[])}
    group by entry_id`;
  return new Map(rows.map((r) => [r.entryId, r.locales]));
}

/** The translations of `entryIds` into any of `locales` (what readers of those languages get). */
export async function findTranslationsIn(
  sql: Db,
  entryIds: readonly string[],
  locales: readonly string[],
): Promise<TranslationRow[]> {
  if (entryIds.length === 0 || locales.length === 0) return [];
  return sql<TranslationRow[]>`
    select ${sql.unsafe(COLUMNS)} from entry_translations
    where entry_id in ${sql(entryIds as string[])} and locale = any(${locales as string[]}::text[])`;
}

/**
 * Write entry `entryId`'s translation into `t.locale`, replacing the one it had. The configuration is
 * looked up in this database's `pg_catalog` (one a server lacks is `simple`).
 */
export async function upsertTranslation(
  tx: TransactionSql,
  entryId: string,
  t: TranslationText,
): Promise<void> {
  await tx`
    insert into entry_translations (entry_id, locale, title, body, html, summary, search_language)
    values (${entryId}, ${t.locale}, ${t.title}, ${t.body}, ${t.html}, ${t.summary},
      coalesce((select c.oid::regconfig from pg_ts_config c join pg_namespace n on n.oid = c.cfgnamespace
                where n.nspname = 'pg_catalog' and c.cfgname = ${t.searchLanguage}), 'simple'::regconfig))
    on conflict (entry_id, locale) do update set
      title = excluded.title, body = excluded.body, html = excluded.html, summary = excluded.summary,
      search_language = excluded.search_language, updated_at = date_trunc('milliseconds', now())`;
}

/** Remove entry `entryId`'s translation into `locale`, if it has one. */
export async function deleteTranslation(tx: TransactionSql, entryId: string, locale: string): Promise<void> {
  await tx`delete from entry_translations where entry_id = ${entryId} and locale = ${locale}`;
}
