/**
 * An entry's email in each subscriber's language (docs/languages.md#email): the subscriber's `locale`
 * (given when they subscribed) is matched to the project's languages as a reader's is (`de-AT` → `de`),
 * and the message is the entry's translation into it when the entry has one, else the entry's own text
 * (the default locale). Each language's message is composed (its HTML rendered) once per batch, and each
 * subscriber's only fills in their unsubscribe link (`entryMessages`). The message shows the
 * entry's summary with a link to the whole entry when it has one, else the entry (docs/api.md#readers-and-audiences-segments-summary-announcements); the
 * link opens the page in the message's language.
 */
import { titleWithoutVersion, titleWithVersion } from '../../../core/contract/titles.ts';
import type { Sql } from '../../db/connect.ts';
import type { EntryRow } from '../../db/entries.ts';
import type { ProjectRow } from '../../db/projects.ts';
import type { ServiceContext } from '../context.ts';
import type { Mail } from '../mail/create-mailer.ts';
import { htmlToText } from '../../text/html-to-text.ts';
import { renderViewWithBlank } from '../../views/render-view.ts';
import { chooseReaderLocale } from '../languages/reader-locale.ts';
import { translateEntries } from '../languages/translate-entries.ts';
import { unsubscribeUrl } from './manage-subscription.ts';
import { unsubscribeHeaders } from './render-email.ts';

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
  // Rendered once per language; each subscriber's message only fills in their unsubscribe link.
  const html = renderViewWithBlank(
    'email-entry',
    {
      lang: locale,
      projectName: project.name,
      version: entry.version,
      title: headline,
      html: entry.html,
      summary: entry.summary,
      pageUrl: url,
    },
    'unsubscribeUrl',
  );
  return {
    locale,
    subject,
    text: (unsubscribeUrl) => `${body}\nUnsubscribe: ${unsubscribeUrl}\n`,
    html,
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

/** A subscriber as their message needs them. */
export type Recipient = { id: string; email: string; locale: string | null };

/**
 * The messages of `entry` to its subscribers (docs/api.md#entries): call the answer with a recipient
 * for theirs, in their language, with their unsubscribe link in both parts and in the RFC 8058
 * headers, and a Message-ID that is the same for every attempt of one (entry, subscriber).
 */
export function entryMessages(
  ctx: ServiceContext,
  project: ProjectRow,
  entry: EntryText,
): (recipient: Recipient) => Promise<Mail> {
  const pageUrl = `${ctx.config.publicUrl}/changelog/${project.slug}/${entry.slug}`;
  const host = new URL(ctx.config.publicUrl).hostname;
  const emailIn = entryEmails(ctx.sql, project, entry, pageUrl);
  return async (recipient) => {
    const unsubscribe = unsubscribeUrl(ctx, recipient.id);
    const email = await emailIn(recipient.locale);
    return {
      to: recipient.email,
      subject: email.subject,
      text: email.text(unsubscribe),
      html: email.html(unsubscribe),
      headers: { ...unsubscribeHeaders(unsubscribe), 'Content-Language': email.locale },
      messageId: `<${entry.id}.${recipient.id}@${host}>`,
    };
  };
}
