/**
 * `GET /api/widget/{slug}/search`'s answer (docs/api.md#readers-and-audiences-segments-summary-announcements, search): the matches
 * `reader` may see in the widget's entry shape. An identified reader's entries link to their pages with
 * the reader's link token, as the widget's own entries do (services/readers/reader-widget.ts), so the
 * link to the whole entry opens for them on an `identified` changelog too.
 */
import type { SearchResponse } from '../../../core/contract/public.schema.ts';
import type { Sql } from '../../db/connect.ts';
import type { Reader } from '../reader.ts';
import { signReaderLinkToken, withReaderToken } from '../readers/reader-links.ts';
import { searchChangelog } from './public-changelog.ts';
import { presentWidgetEntry } from './widget-entry.ts';

/**
 * @param locale the reader's language (docs/languages.md#search); undefined: the project's default.
 * @returns the answer and the reader's language; undefined when no project has that slug.
 */
export async function searchWidgetEntries(
  sql: Sql,
  publicUrl: string,
  slug: string,
  q: string,
  reader: Reader | null,
  locale?: string,
): Promise<(SearchResponse & { locale: string }) | undefined> {
  const view = await searchChangelog(sql, slug, q, reader, locale);
  if (!view) return undefined;
  const entries = view.entries.map((e) => presentWidgetEntry(publicUrl, view.project.slug, e));
  if (!reader) return { entries, locale: view.locale };
  const token = await signReaderLinkToken(reader);
  const own = entries.map((e) => ({ ...e, url: withReaderToken(e.url, token) }));
  return { entries: own, locale: view.locale };
}
