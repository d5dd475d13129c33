/**
 * One entry of the panel: category chip, version, relative date, title (all as text), the entry's
 * HTML (sanitized on the server: the only markup the widget inserts), a "Read more" link to the
 * entry's page (hidden until clip-long-entries.ts finds the body clipped), and a button per reaction.
 * An entry with a `summary` (docs/api.md#readers-and-audiences-segments-summary-announcements) shows those plain words, as text, instead of
 * its body, and its "Read more" link always: the whole entry is on its page.
 */
import type { WidgetEntry } from './api.ts';
import { relativeTime } from './relative-time.ts';
import { setSanitizedHtml } from './trusted-html.ts';

const CATEGORY_NAMES: Record<string, string> = {
  feature: 'Feature',
  improvement: 'Improved',
  fix: 'Fixed',
  announcement: 'Announcement',
};

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The words after the count, for screen readers ("👍 3 reactions"); the visible text stays "👍 3". */
export function reactionWords(count: number): string {
  return count === 1 ? ' reaction' : ' reactions';
}

export function reactionButton(
  entryId: string,
  emoji: string,
  count: number,
  pressed: boolean,
): HTMLButtonElement {
  return el(
    'button',
    {
      type: 'button',
      part: 'reaction',
      class: 'reaction',
      'aria-pressed': String(pressed),
      'data-entry': entryId,
      'data-emoji': emoji,
    },
    el('span', {}, emoji),
    ' ',
    el('span', { class: 'count' }, String(count)),
    el('span', { class: 'sr-only words' }, reactionWords(count)),
  );
}

/**
 * What an entry says: its `summary` as plain text when it has one, else its HTML (sanitized on the
 * server) in a `div` of class `bodyClass`.
 */
export function entryText(entry: WidgetEntry, bodyClass: string): HTMLElement {
  if (entry.summary) return el('p', { class: 'summary' }, entry.summary);
  const body = el('div', { class: bodyClass });
  // Server-sanitized HTML, through the widget's Trusted Types policy; nothing else is HTML.
  setSanitizedHtml(body, entry.html);
  return body;
}

/**
 * A visible "Read more" to the entry's page in a new tab, named "Read more: <title>" so each link says
 * where it leads (WCAG 2.4.4).
 */
export function readMoreLink(entry: WidgetEntry): HTMLAnchorElement {
  return el(
    'a',
    {
      class: 'more',
      href: entry.url,
      target: '_blank',
      rel: 'noopener',
      'aria-label': `Read more: ${entry.title}`,
    },
    'Read more',
  );
}

export function renderEntry(
  entry: WidgetEntry,
  reacted: (entryId: string, emoji: string) => boolean,
  /** Ids in the shadow root are unique: search results take another prefix than the list. */
  idPrefix = 'shiplog-entry-',
): HTMLElement {
  const headingId = `${idPrefix}${entry.id}`;
  const meta = el(
    'div',
    { class: 'meta' },
    el('span', { class: 'chip' }, CATEGORY_NAMES[entry.category] ?? entry.category),
  );
  if (entry.version) meta.append(el('span', { class: 'version' }, entry.version));
  meta.append(el('time', { datetime: entry.publishedAt }, relativeTime(entry.publishedAt)));
  const body = entryText(entry, 'body');
  const reactions = el('div', {
    class: 'reactions',
    role: 'group',
    'aria-label': `Reactions to ${entry.title}`,
  });
  const more = readMoreLink(entry);
  more.hidden = !entry.summary;
  for (const [emoji, count] of Object.entries(entry.reactions))
    reactions.append(reactionButton(entry.id, emoji, count, reacted(entry.id, emoji)));
  return el(
    'article',
    // The language the entry is shown in, for screen readers and hyphenation (docs/languages.md#readers).
    { part: 'entry', 'aria-labelledby': headingId, 'data-entry': entry.id, lang: entry.locale },
    meta,
    el('h3', { id: headingId }, entry.title),
    body,
    more,
    reactions,
  );
}
