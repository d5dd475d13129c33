/**
 * An entry as the widget and the search show it (docs/api.md#readers-and-audiences-segments-summary-announcements): its summary,
 * when it has one, beside its sanitized HTML, whether it is announced, and `url`, its public page,
 * which is the link to the whole entry, and `locale`, the language it is shown in (docs/languages.md).
 */
import type { WidgetEntry } from '../../../core/contract/public.schema.ts';
import { titleWithoutVersion } from '../../../core/contract/titles.ts';
import type { PublicEntry } from './public-changelog.ts';

/** @param publicUrl the `{base_url}` of the entry's page link. */
export function presentWidgetEntry(publicUrl: string, projectSlug: string, e: PublicEntry): WidgetEntry {
  return {
    id: e.id,
    // The widget shows the version apart: a title stored with it in front does not repeat it.
    title: titleWithoutVersion(e.title, e.version),
    version: e.version,
    category: e.category,
    publishedAt: e.publishedAt!.toISOString(),
    html: e.html,
    summary: e.summary,
    announce: e.announce,
    reactions: e.reactions,
    // The entry's public page: the whole entry, where the widget's summary and "Read more" lead.
    url: `${publicUrl}/changelog/${projectSlug}/${e.slug}`,
    locale: e.locale,
  };
}
