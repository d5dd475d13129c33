/**
 * The public changelog page as HTML (docs/api.md#feeds-and-the-public-changelog-page): the project's entries with their
 * category, version, date, sanitized HTML and reaction counts; a subscribe form; feed links; canonical
 * and OpenGraph tags; the project's theme and accent (from a stylesheet of its own, so the page keeps
 * a strict CSP); "Powered by Shiplog" on the free plan; a search form (a plain GET form to
 * `/changelog/{slug}/search`, so it works without JavaScript) and that search's results page. The
 * page is in the reader's language (`<html lang>`, each entry's own `lang`) and names the others
 * (`<link rel="alternate" hreflang>`, docs/languages.md#readers).
 */
import type { Category } from '../../../core/contract/entries.schema.ts';
import { renderView } from '../../views/render-view.ts';
import { titleWithoutVersion, titleWithVersion } from '../../../core/contract/titles.ts';
import { htmlToText } from '../../text/html-to-text.ts';
import type { PublicChangelog } from './public-changelog.ts';

/** A category's chip; "Feature", not "New", which reads like "unread" (issue 30). */
const CATEGORY_LABELS: Record<Category, string> = {
  announcement: 'Announcement',
  feature: 'Feature',
  improvement: 'Improved',
  fix: 'Fixed',
};

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

function textOf(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, ' ');
  return text.length <= 200 ? text : `${text.slice(0, 199)}…`;
}

/**
 * @param publicUrl the `{base_url}`; links in the page are absolute under it.
 * @param options.entrySlug set for the page of one entry (the canonical URL is then the entry's, and
 *   a link leads back to the list);
 *   `preview` for a draft preview: marked as such, no canonical URL, never indexed.
 */
export function renderChangelogPage(
  view: PublicChangelog,
  publicUrl: string,
  options: {
    entrySlug?: string;
    preview?: boolean;
    /** The search page: what was searched for ('' before a search), `view.entries` being its results. */
    search?: { q: string };
    /** The reader token the page was opened with: its links and search form carry it on (`?token=`). */
    readerToken?: string;
    /**
     * False for an `identified` project, which emails no subscriber and refuses them: no subscribe
     * form. True by default.
     */
    emailUpdates?: boolean;
  } = {},
): string {
  const { project } = view;
  const base = `${publicUrl}/changelog/${project.slug}`;
  const feedUrl = `${publicUrl}/api/feeds/${project.slug}`;
  // An identified reader's page links on with their token: the entries, the list and the feeds they
  // lead to answer only with it (docs/readers.md#what-an-identified-reader-gets: `?token=`).
  const linkQuery = options.readerToken ? `?token=${encodeURIComponent(options.readerToken)}` : '';
  const entries = view.entries.map((e) => ({
    ...e,
    // The version has its own chip: a title stored with it in front does not repeat it.
    title: titleWithoutVersion(e.title, e.version),
    categoryLabel: CATEGORY_LABELS[e.category],
    publishedIso: e.publishedAt!.toISOString(),
    publishedDate: dateFormat.format(e.publishedAt!),
    reactions: Object.entries(e.reactions)
      .filter(([, n]) => n > 0)
      .map(([emoji, count]) => ({ emoji, count })),
  }));
  const single = options.entrySlug || options.preview ? entries[0] : undefined;
  const body = renderView('changelog', {
    base,
    feedUrl,
    project,
    entries,
    branding: project.plan === 'free',
    preview: options.preview === true,
    entryPage: Boolean(options.entrySlug) && !options.preview,
    search: options.search,
    readerToken: options.readerToken,
    emailUpdates: options.emailUpdates !== false,
    linkQuery,
  });
  const own = single && !options.preview ? `${base}/${single.slug}` : base;
  return renderView('layout', {
    lang: view.locale,
    // The page in each of the project's other languages (docs/languages.md#readers); not for a preview
    // or a search, which are never indexed.
    alternates:
      options.preview || options.search
        ? []
        : languageAlternates(project, view.locale, own, options.readerToken),
    title: options.search
      ? `${options.search.q ? `“${options.search.q}”: ` : ''}Search · ${project.name} changelog`
      : single
        ? `${options.preview ? 'Preview: ' : ''}${titleWithVersion(single.title, single.version)} · ${project.name} changelog`
        : `${project.name} changelog`,
    // Search results are a view of the list, not a page of their own: never indexed. A reader's page
    // carries their token in its address: never indexed, and never sent on as a referrer (to an image
    // host of an entry, say).
    noindex: options.preview === true || options.search !== undefined || linkQuery !== '',
    description: single ? textOf(single.html) : `What's new in ${project.name}: every release, as it ships.`,
    canonical: options.preview || options.search ? undefined : single ? `${base}/${single.slug}` : base,
    theme: project.theme,
    // Same origin as the page, whatever PUBLIC_URL says: the CSP allows styles from 'self' only.
    themeCss: `/changelog/${project.slug}/theme.css${linkQuery}`,
    feeds: [
      { type: 'application/rss+xml', title: `${project.name} (RSS)`, href: `${feedUrl}/rss${linkQuery}` },
      { type: 'application/atom+xml', title: `${project.name} (Atom)`, href: `${feedUrl}/atom${linkQuery}` },
      {
        type: 'application/feed+json',
        title: `${project.name} (JSON Feed)`,
        href: `${feedUrl}/json${linkQuery}`,
      },
    ],
    mainClass: 'changelog',
    body,
  });
}

/** `<link rel="alternate" hreflang>` of the page at `url` in each of the project's languages but `locale`. */
function languageAlternates(
  project: { defaultLocale: string; locales: string[] },
  locale: string,
  url: string,
  readerToken: string | undefined,
): { hreflang: string; href: string }[] {
  const token = readerToken ? `&token=${encodeURIComponent(readerToken)}` : '';
  return [project.defaultLocale, ...project.locales]
    .filter((l) => l !== locale)
    .map((l) => ({ hreflang: l, href: `${url}?locale=${encodeURIComponent(l)}${token}` }));
}

/** The project's own stylesheet: its accent colour (validated `#RRGGBB` when stored). */
export function renderThemeCss(accent: string): string {
  return `:root{--accent:${/^#[0-9a-fA-F]{6}$/.test(accent) ? accent : '#2563eb'}}\n`;
}
