/**
 * SQL for what decides who may read a project and how (migrations 0016, 0018): its `access`, its search
 * language and its languages (the default locale and the others). Kept apart from db/projects.ts so the
 * public surfaces read only the columns they need.
 */
import type { ACCESS } from '../../core/contract/readers.schema.ts';
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

/** `public` or `identified` (core/contract/readers.schema.ts holds the one list). */
export type Access = (typeof ACCESS)[number];

export type ReaderProjectRow = {
  id: string;
  slug: string;
  access: Access;
  searchLanguage: string;
  /** The language of entries' own text, and the 0-20 others they may be translated into (BCP 47). */
  defaultLocale: string;
  locales: string[];
};

const COLUMNS = 'id, slug, access, search_language::text as search_language, default_locale, locales';

/** The project of `slug` with its access, search language and languages, or undefined. */
export async function findReaderProjectBySlug(sql: Db, slug: string): Promise<ReaderProjectRow | undefined> {
  const [row] = await sql<ReaderProjectRow[]>`
    select ${sql.unsafe(COLUMNS)} from projects where slug = ${slug}`;
  return row;
}

/** The same by id. */
export async function findReaderProjectById(sql: Db, id: string): Promise<ReaderProjectRow | undefined> {
  const [row] = await sql<ReaderProjectRow[]>`select ${sql.unsafe(COLUMNS)} from projects where id = ${id}`;
  return row;
}

/** In a transaction: the same, its row locked until the commit (a change of its languages decides on it). */
export async function lockReaderProject(
  tx: TransactionSql,
  id: string,
): Promise<ReaderProjectRow | undefined> {
  const [row] = await tx<ReaderProjectRow[]>`
    select ${tx.unsafe(COLUMNS)} from projects where id = ${id} for update`;
  return row;
}

/** Whether `name` is a text search configuration of this database (`simple`, `english`, …). */
export async function isSearchLanguage(sql: Db, name: string): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    select exists (select 1 from pg_ts_config where cfgname = ${name}) as found`;
  return row!.found;
}

/**
 * Change the project's access, languages and/or search language. A new search language is copied onto
 * its entries too, whose generated search vectors are recomputed from it (migration 0016): call inside
 * a transaction. The default locale is never one of `locales` (the table's check).
 */
export async function updateReaderProject(
  tx: TransactionSql,
  id: string,
  changes: { access?: Access; searchLanguage?: string; defaultLocale?: string; locales?: string[] },
): Promise<void> {
  if (changes.access !== undefined) {
    await tx`update projects set access = ${changes.access}, updated_at = date_trunc('milliseconds', now())
      where id = ${id}`;
  }
  if (changes.defaultLocale !== undefined || changes.locales !== undefined) {
    await tx`update projects set
        default_locale = coalesce(${changes.defaultLocale ?? null}::text, default_locale),
        locales = coalesce(${changes.locales ?? null}::text[], locales),
        updated_at = date_trunc('milliseconds', now())
      where id = ${id}`;
  }
  if (changes.searchLanguage !== undefined) {
    const [changed] = await tx`
      update projects set search_language = ${changes.searchLanguage}::regconfig,
        updated_at = date_trunc('milliseconds', now())
      where id = ${id} and search_language <> ${changes.searchLanguage}::regconfig
      returning 1`;
    if (changed) {
      await tx`update entries set search_language = ${changes.searchLanguage}::regconfig where project_id = ${id}`;
    }
  }
}

/**
 * The project of entry `entryId` with its access, or undefined, for a published external entry only:
 * a draft's or an internal entry's id is, to a reader, an id that does not exist (`404`), whatever
 * their token, never a `401` that would tell it is an entry of an `identified` project.
 */
export async function findReaderProjectOfEntry(
  sql: Db,
  entryId: string,
): Promise<ReaderProjectRow | undefined> {
  const [row] = await sql<ReaderProjectRow[]>`
    select p.id, p.slug, p.access, p.search_language::text as search_language, p.default_locale, p.locales
    from entries e join projects p on p.id = e.project_id
    where e.id = ${entryId} and e.status = 'published' and e.visibility = 'external'`;
  return row;
}
