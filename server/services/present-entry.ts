/** Entry rows → the API's JSON shapes (CONTRACT.md "GET /api/v1/entries" and "Entry lifecycle"). */
import type { Entry, EntrySummary } from '../../core/contract/entries.schema.ts';
import type { EntryRow } from '../db/entries.ts';

export function presentEntrySummary(row: EntryRow): EntrySummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    version: row.version,
    status: row.status,
    visibility: row.visibility,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

/** The full record; the links come from services/preview-link.ts `entryLinks`. */
export function presentEntry(
  row: EntryRow,
  extras: { reactions?: Record<string, number>; previewUrl: string | null; url: string | null },
): Entry {
  return {
    ...presentEntrySummary(row),
    body: row.body,
    html: row.html,
    origin: row.origin,
    source: row.sourceRepository
      ? {
          repository: row.sourceRepository,
          pullRequest: row.sourcePullRequest,
          release: row.sourceRelease,
          headSha: row.sourceHeadSha,
        }
      : null,
    reactions: extras.reactions ?? {},
    previewUrl: extras.previewUrl,
    url: extras.url,
  };
}
