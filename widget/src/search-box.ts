/**
 * The panel's search box (docs/api.md#readers-and-audiences-segments-summary-announcements, Search): a labelled search field that
 * asks `GET /api/widget/{slug}/search?q=` 300 ms after the reader stops typing (at once on Enter), shows
 * the answer in the entry shape of the list, in place of the list, and says how many matched or that
 * nothing did, in a live region. An emptied field brings the list back. A newer query cancels the
 * request of an older one, so a slow answer never replaces a newer one.
 */
import type { Api, WidgetEntry } from './api.ts';
import { clipLongEntries } from './clip-long-entries.ts';
import { el } from './render-entry.ts';

/** Milliseconds of quiet typing before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export function searchBox(
  api: Api,
  slug: string,
  list: HTMLElement,
  render: (entry: WidgetEntry) => HTMLElement,
): { form: HTMLFormElement; results: HTMLElement } {
  const input = el('input', {
    id: 'shiplog-search',
    type: 'search',
    name: 'q',
    maxlength: '200',
    autocomplete: 'off',
    placeholder: 'Search updates',
  });
  const status = el('p', { class: 'status sr-only', role: 'status', 'aria-live': 'polite' });
  const results = el('div', { class: 'results', 'aria-label': 'Search results', role: 'region' });
  results.hidden = true;
  const form = el(
    'form',
    { class: 'search', role: 'search' },
    el('label', { for: 'shiplog-search', class: 'sr-only' }, 'Search updates'),
    input,
    status,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;
  const show = (searching: boolean) => {
    results.hidden = !searching;
    list.hidden = searching;
  };
  const run = async () => {
    clearTimeout(timer);
    running?.abort();
    const q = input.value.trim();
    if (!q) {
      show(false);
      status.textContent = '';
      return;
    }
    const controller = (running = new AbortController());
    try {
      const { entries } = await api.search(slug, q, controller.signal);
      results.replaceChildren(...entries.map(render));
      if (entries.length === 0) results.append(el('p', { class: 'empty' }, `No updates match “${q}”.`));
      clipLongEntries(results);
      status.textContent =
        entries.length === 0
          ? `No updates match “${q}”.`
          : `${entries.length} ${entries.length === 1 ? 'update matches' : 'updates match'} “${q}”.`;
    } catch {
      if (controller.signal.aborted) return;
      results.replaceChildren(el('p', { class: 'empty' }, 'Search failed. Try again later.'));
      status.textContent = 'Search failed. Try again later.';
    }
    show(true);
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), SEARCH_DEBOUNCE_MS);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  return { form, results };
}
