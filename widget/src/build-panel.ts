/**
 * The panel: a modal dialog with a heading and close button, the search box, the entries (or the
 * search's results in their place), the subscribe form, a live region for messages, and "Powered by
 * Shiplog" when the project's plan asks for it (`branding`).
 */
import type { Api, WidgetDocument } from './api.ts';
import { clipLongEntries } from './clip-long-entries.ts';
import { el, renderEntry } from './render-entry.ts';
import { searchBox } from './search-box.ts';
import { subscribeForm } from './subscribe-form.ts';

export function buildPanel(
  doc: WidgetDocument,
  api: Api,
  reacted: (entryId: string, emoji: string) => boolean,
): { panel: HTMLElement; list: HTMLElement; close: HTMLButtonElement; announcer: HTMLElement } {
  const announcer = el('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×');
  const list = el('div', { class: 'entries' });
  if (doc.entries.length === 0) list.append(el('p', { class: 'empty' }, 'Nothing here yet.'));
  for (const entry of doc.entries) list.append(renderEntry(entry, reacted));
  clipLongEntries(list);
  const search = searchBox(api, doc.project.slug, list, (entry) =>
    renderEntry(entry, reacted, 'shiplog-result-'),
  );
  const panel = el(
    'div',
    {
      part: 'panel',
      class: 'panel',
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'shiplog-title',
    },
    el(
      'div',
      { class: 'head' },
      el('h2', { id: 'shiplog-title' }, `What's new in ${doc.project.name}`),
      close,
    ),
    search.form,
    list,
    search.results,
    ...(doc.project.subscribe ? [subscribeForm(api, doc.project.slug)] : []),
    announcer,
  );
  if (doc.project.branding) {
    const link = el(
      'a',
      { href: 'https://github.com/shiplog/shiplog', target: '_blank', rel: 'noopener' },
      'Shiplog',
    );
    panel.append(el('p', { class: 'brand' }, 'Powered by ', link));
  }
  panel.hidden = true;
  return { panel, list, close, announcer };
}
