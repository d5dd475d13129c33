/** Entry rows → the API's JSON shapes (docs/api.md#entries). */
import type { Entry, EntrySummary } from '../../../core/contract/entries.schema.ts';
import type { EntryRow } from '../../db/entries.ts';
import type { TranslationRow } from '../../db/entry-translations.ts';

/** @param translatedLocales the locales the entry is translated into (db/entry-translations.ts). */
export function presentEntrySummary(row: EntryRow, translatedLocales: string[]): EntrySummary {
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
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    source: row.sourceRepository
      ? {
          repository: row.sourceRepository,
          pullRequest: row.sourcePullRequest,
          release: row.sourceRelease,
          range: row.sourceRange,
          headSha: row.sourceHeadSha,
        }
      : null,
    component: row.component,
    segments: row.segments,
    summary: row.summary,
    announce: row.announce,
    translatedLocales,
  };
}

/** The full record; the links come from services/preview-link.ts `entryLinks`. */
export function presentEntry(
  row: EntryRow,
  extras: {
    reactions?: Record<string, number>;
    translations: TranslationRow[];
    previewUrl: string | null;
    url: string | null;
  },
): Entry {
  return {
    ...presentEntrySummary(
      row,
      extras.translations.map((t) => t.locale),
    ),
    translations: Object.fromEntries(
      extras.translations.map((t) => [
        t.locale,
        { title: t.title, body: t.body, html: t.html, summary: t.summary },
      ]),
    ),
    body: row.body,
    html: row.html,
    origin: row.origin,
    reactions: extras.reactions ?? {},
    previewUrl: extras.previewUrl,
    url: extras.url,
  };
}
