/**
 * An entry's email in each subscriber's language (docs/languages.md#email): the subscriber's `locale`
 * (given when they subscribed) is matched to the project's languages as a reader's is (`de-AT` → `de`),
 * and the message is the entry's translation into it when the entry has one, else the entry's own text
 * (the default locale). Each language's message is composed once per batch. The message shows the
 * entry's summary with a link to the whole entry when it has one, else the entry (docs/api.md#readers-and-audiences-segments-summary-announcements); the
 * link opens the page in the message's language.
 */
import { titleWithoutVersion, titleWithVersion } from '../../../core/contract/titles.ts';
import type { Sql } from '../../db/connect.ts';
import type { EntryRow } from '../../db/entries.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { htmlToText } from '../../text/html-to-text.ts';
import { renderView } from '../../views/render-view.ts';
import { chooseReaderLocale } from '../languages/reader-locale.ts';
import { translateEntries } from '../languages/translate-entries.ts';

type EntryText = Pick<EntryRow, 'id' | 'title' | 'html' | 'summary' | 'version' | 'slug'>;

/** One message's content but for its unsubscribe link, which is each subscriber's own. */
export type EntryEmail = {
  /** The language the message is in (BCP 47). */
  locale: string;
  subject: string;
  /** The plain-text part, and the HTML part, given the subscriber's unsubscribe link. */
  text: (unsubscribeUrl: string) => string;
  html: (unsubscribeUrl: string) => string;
};

function compose(project: ProjectRow, entry: EntryText, locale: string, pageUrl: string): EntryEmail {
  const url = locale === project.defaultLocale ? pageUrl : `${pageUrl}?locale=${encodeURIComponent(locale)}`;
  // The version once (docs/api.md#generate-a-draft-from-commits-and-pull-requests), also for a title stored with it in front.
  const headline = titleWithoutVersion(entry.title, entry.version);
  const subject = `${project.name}${entry.version ? ` ${entry.version}` : ''}: ${headline}`;
  // The summary, when the entry has one, with the link to the whole entry (docs/api.md#readers-and-audiences-segments-summary-announcements).
  const body = `${titleWithVersion(entry.title, entry.version)}\n\n${entry.summary ?? htmlToText(entry.html)}\n\n${entry.summary ? 'Read the whole entry' : 'Read it on the changelog'}: ${url}\n`;
  return {
    locale,
    subject,
    text: (unsubscribeUrl) => `${body}\nUnsubscribe: ${unsubscribeUrl}\n`,
    html: (unsubscribeUrl) =>
      renderView('email-entry', {
        lang: locale,
        projectName: project.name,
        version: entry.version,
        title: headline,
        html: entry.html,
        summary: entry.summary,
        pageUrl: url,
        unsubscribeUrl,
      }),
  };
}

/**
 * The messages of `entry`, by subscriber locale: call the answer with a subscriber's `locale` (null:
 * none given) for their message. Translations are read once, when first needed.
 * @param pageUrl the entry's public page.
 */
export function entryEmails(
  sql: Sql,
  project: ProjectRow,
  entry: EntryText,
  pageUrl: string,
): (subscriberLocale: string | null) => Promise<EntryEmail> {
  const byLocale = new Map<string, Promise<EntryEmail>>();
  return (subscriberLocale) => {
    const chosen = chooseReaderLocale(project, { query: subscriberLocale ?? undefined });
    let email = byLocale.get(chosen);
    if (!email) {
      email = translateEntries(sql, project, [entry], chosen).then(([shown]) =>
        compose(project, shown!, shown!.locale, pageUrl),
      );
      byLocale.set(chosen, email);
    }
    return email;
  };
}
