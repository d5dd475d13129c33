/**
 * What the public changelog page and the feeds show of a project (docs/api.md#feeds-and-the-public-changelog-page): its
 * published external entries, newest first, with reaction counts. Internal entries and drafts never
 * appear; an entry with segments appears only to a reader whose token names one of them (docs/api.md#readers-and-audiences-segments-summary-announcements): every function takes the `reader` (null: anonymous) and passes on only
 * their segments. Whether the reader may open the project at all (`identified` projects) is decided
 * before, by the routes' reader plugin.
 */
import type { Sql } from '../../db/connect.ts';
import { findProjectBySlug, type ProjectRow } from '../../db/projects.ts';
import { findPublicEntryBySlug, listPublicEntries, type PublicEntryRow } from '../../db/public-entries.ts';
import { searchPublicEntries } from '../../db/public-search.ts';
import { reactionCounts } from '../../db/reactions.ts';
import { findEntry } from '../../db/entries.ts';
import { verifyPreviewToken } from '../entries/preview-link.ts';
import { type Reader, readerSegments } from '../reader.ts';
import { translateEntries } from '../languages/translate-entries.ts';
import { localeChain } from '../languages/reader-locale.ts';

/** The feeds' and the page's length (docs/api.md#feeds-and-the-public-changelog-page: the last 50 external published entries). */
export const CHANGELOG_ENTRIES = 50;

/** A public entry with its reaction counts, in the reader's language: `locale` says which it shows. */
export type PublicEntry = PublicEntryRow & { reactions: Record<string, number>; locale: string };
/** `locale`: the reader's language, one of the project's (docs/languages.md#readers). */
export type PublicChangelog = { project: ProjectRow; entries: PublicEntry[]; locale: string };

/**
 * `rows` with their reaction counts, each in the reader's language `locale` (undefined: the default
 * locale, the entries' own text).
 */
async function withReactions(
  sql: Sql,
  project: ProjectRow,
  rows: PublicEntryRow[],
  locale: string = project.defaultLocale,
): Promise<PublicEntry[]> {
  const [counts, translated] = await Promise.all([
    reactionCounts(
      sql,
      project.reactions,
      rows.map((r) => r.id),
    ),
    translateEntries(sql, project, rows, locale),
  ]);
  return translated.map((r) => ({ ...r, reactions: counts.get(r.id)! }));
}

/** The project of `slug` as a public page may name it, or undefined. */
export async function findPublicProject(
  sql: Sql,
  slug: string,
): Promise<Pick<ProjectRow, 'name' | 'slug'> | undefined> {
  const project = await findProjectBySlug(sql, slug);
  return project && { name: project.name, slug: project.slug };
}

/**
 * The project of `slug` and its `limit` newest public entries `reader` may see (the widget shows 20,
 * the page and the feeds 50), only those of `component` when given (a monorepo's `?component=`);
 * undefined when no project has that slug.
 */
export async function loadChangelog(
  sql: Sql,
  slug: string,
  limit: number = CHANGELOG_ENTRIES,
  component?: string,
  reader: Reader | null = null,
  locale?: string,
): Promise<PublicChangelog | undefined> {
  const project = await findProjectBySlug(sql, slug);
  if (!project) return undefined;
  const rows = await listPublicEntries(sql, project.id, limit, component, readerSegments(reader));
  return withLocale(project, await withReactions(sql, project, rows, locale), locale);
}

function withLocale(project: ProjectRow, entries: PublicEntry[], locale?: string): PublicChangelog {
  return { project, entries, locale: locale ?? project.defaultLocale };
}

/**
 * The draft a preview token names, as readers would see it; undefined when the token is forged or
 * expired, names an entry of another project, or the entry is no longer a draft. A preview link is
 * posted where anyone may read it (a public pull request), so once the entry is published it shows
 * nothing: a published external entry has its public page, and an internal one must stay internal.
 */
export async function loadDraftPreview(
  sql: Sql,
  secret: Buffer,
  slug: string,
  token: string,
): Promise<PublicChangelog | undefined> {
  const entryId = verifyPreviewToken(secret, token);
  const project = entryId ? await findProjectBySlug(sql, slug) : undefined;
  const row = project && entryId ? await findEntry(sql, project.id, entryId) : undefined;
  if (!project || !row || row.status !== 'draft') return undefined;
  const entry = { ...row, publishedAt: row.publishedAt ?? row.createdAt };
  return withLocale(project, await withReactions(sql, project, [entry]));
}

/** One public entry by its slug, with its project; undefined when either is unknown or not public. */
export async function loadChangelogEntry(
  sql: Sql,
  slug: string,
  entrySlug: string,
  reader: Reader | null = null,
  locale?: string,
): Promise<PublicChangelog | undefined> {
  const project = await findProjectBySlug(sql, slug);
  if (!project) return undefined;
  const row = await findPublicEntryBySlug(sql, project.id, entrySlug, readerSegments(reader));
  return row ? withLocale(project, await withReactions(sql, project, [row], locale), locale) : undefined;
}

/** The most entries a search answers with (docs/api.md#search: at most 20). */
export const SEARCH_RESULTS = 20;

/**
 * The project of `slug` and its public entries matching `q` that `reader` may see, best match first,
 * at most 20 (db/public-search.ts; none for a blank `q`), in the reader's language `locale`; an entry
 * matches in its own text or in its translation into that language (docs/languages.md#search).
 * Undefined when no project has that slug.
 */
export async function searchChangelog(
  sql: Sql,
  slug: string,
  q: string,
  reader: Reader | null,
  locale?: string,
): Promise<PublicChangelog | undefined> {
  const project = await findProjectBySlug(sql, slug);
  if (!project) return undefined;
  if (q.trim() === '') return withLocale(project, [], locale);
  const chain = localeChain(project, locale ?? project.defaultLocale).slice(0, -1);
  const rows = await searchPublicEntries(sql, project.id, q, readerSegments(reader), SEARCH_RESULTS, chain);
  return withLocale(project, await withReactions(sql, project, rows, locale), locale);
}
