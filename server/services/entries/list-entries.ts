/**
 * GET /api/v1/entries (docs/api.md#entries): one page of a project's entries, newest
 * first, by keyset (the cost of a page does not grow with its number), with a signed cursor bound to
 * the filters it was made with. Each says which locales it is translated into (docs/languages.md).
 */
import { type ListFilters, listEntries } from '../../db/entries.ts';
import { findTranslatedLocales } from '../../db/entry-translations.ts';
import type { ServiceContext } from '../context.ts';
import { decodeCursor, keysetPage } from '../paging/keyset-cursor.ts';
import { presentEntrySummary } from './present-entry.ts';

export type EntryPage = {
  entries: ReturnType<typeof presentEntrySummary>[];
  nextCursor: string | null;
  /** The `Link: <…>; rel="next"` header value, when there is a next page. */
  nextLink: string | null;
};

/** @throws InvalidError for a tampered, foreign or differently filtered cursor. */
export async function listEntriesPage(
  ctx: ServiceContext,
  projectId: string,
  query: ListFilters & { limit: number; cursor?: string | undefined },
): Promise<EntryPage> {
  const { limit, cursor, ...filters } = query;
  const scope = { list: 'entries', projectId, filters, secret: ctx.cursorSecret } as const;
  const after = cursor === undefined ? undefined : decodeCursor(cursor, scope);
  const rows = await listEntries(ctx.sql, projectId, filters, after, limit);
  const { page, nextCursor, nextLink } = keysetPage(
    rows,
    limit,
    (r) => r,
    scope,
    `${ctx.config.publicUrl}/api/v1/entries`,
  );
  const translated = await findTranslatedLocales(
    ctx.sql,
    page.map((r) => r.id),
  );
  return {
    entries: page.map((r) => presentEntrySummary(r, translated.get(r.id) ?? [])),
    nextCursor,
    nextLink,
  };
}
