/**
 * The project's feeds (docs/api.md#feeds-and-the-public-changelog-page): RSS 2.0, Atom 1.0 and JSON Feed 1.1, built with
 * the `feed` package from the same public entries as the changelog page; each item links to its
 * entry's page and carries the sanitized HTML. A title is text in every format, and no reader may take
 * it for markup (an outside contributor's commit subject can become a title):
 * - JSON Feed's `title` is plain text (https://jsonfeed.org/version/1.1): as written.
 * - Atom: `feed` declares titles `type="html"` (RFC 4287 §3.1.1.2), so the title is given as escaped HTML,
 *   which a reader decodes back to the same text.
 * - RSS 2.0 leaves it open, and readers differ (RSS Advisory Board, "RSS Best Practices Profile",
 *   "title"): some show it as plain text, many decode it as HTML. It is written as text, escaped once
 *   (rss-title.ts): `Tom & Jerry` reads `Tom & Jerry` in both kinds, and `<script>` is never an element.
 * Each item is dated twice: when it was published (RSS `pubDate`, Atom `published`, JSON Feed
 * `date_published`) and when it last changed (Atom `updated`, JSON Feed `date_modified`).
 * RSS and Atom are XML, which cannot hold a control character: any stored before input was stripped of
 * them (core/contract/control-characters.ts) is dropped here, so every feed is well-formed.
 */
import { CONTROL_CHARACTERS } from '../../../core/contract/control-characters.ts';
import { titleWithVersion } from '../../../core/contract/titles.ts';
import { Feed } from 'feed';
import type { PublicChangelog } from './public-changelog.ts';
import { rssTitle } from './rss-title.ts';

export type FeedFormat = 'rss' | 'atom' | 'json';

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** `text` as HTML that shows exactly that text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The feed of `view` in `format`, with absolute links under `publicUrl`.
 * @param readerToken the reader token of an identified reader's feed (docs/readers.md#what-an-identified-reader-gets): its links carry it on (`?token=`), so the pages they lead to open for that reader;
 *   ids stay the plain page addresses, the same whatever token (a feed reader keys items by id).
 */
export function buildFeed(
  view: PublicChangelog,
  publicUrl: string,
  format: FeedFormat,
  readerToken?: string,
): string {
  const { project, entries } = view;
  const page = `${publicUrl}/changelog/${project.slug}`;
  const feedUrl = `${publicUrl}/api/feeds/${project.slug}`;
  const own = readerToken === undefined ? '' : `?token=${encodeURIComponent(readerToken)}`;
  const feed = new Feed({
    title: `${project.name} changelog`,
    description: `What's new in ${project.name}`,
    id: page,
    link: `${page}${own}`,
    // The reader's language (docs/languages.md#readers); an entry without a translation in it is in
    // the project's default locale.
    language: view.locale,
    copyright: project.name,
    updated: entries[0]?.publishedAt ?? project.updatedAt,
    generator: 'Shiplog',
    feedLinks: { rss: `${feedUrl}/rss${own}`, atom: `${feedUrl}/atom${own}`, json: `${feedUrl}/json${own}` },
  });
  const titleOf = { rss: rssTitle, atom: escapeHtml, json: (text: string) => text }[format];
  for (const entry of entries) {
    feed.addItem({
      title: titleOf(titleWithVersion(entry.title, entry.version)),
      id: `${page}/${entry.slug}`,
      link: `${page}/${entry.slug}${own}`,
      // Publishing stamps both; a later edit moves only `updatedAt` (an import dates `publishedAt` back).
      date: entry.updatedAt > entry.publishedAt! ? entry.updatedAt : entry.publishedAt!,
      published: entry.publishedAt!,
      content: entry.html,
      category: [{ name: entry.category }],
    });
  }
  if (format === 'rss') return feed.rss2().replace(CONTROL_CHARACTERS, '');
  if (format === 'atom') return feed.atom1().replace(CONTROL_CHARACTERS, '');
  // `feed` writes JSON Feed 1; 1.1 (https://jsonfeed.org/version/1.1) only renames `author` to `authors`,
  // which these items do not carry, and adds `language`, the feed's and each item's own.
  const json = JSON.parse(feed.json1()) as { items?: Record<string, unknown>[] };
  const items = (json.items ?? []).map((item, i) => ({ ...item, language: entries[i]!.locale }));
  return JSON.stringify({
    ...json,
    items,
    version: 'https://jsonfeed.org/version/1.1',
    language: view.locale,
  });
}
