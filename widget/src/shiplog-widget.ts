/**
 * `<shiplog-widget>` (docs/widget.md#widget): an open shadow root with the launcher (a real
 * button, its accessible name carrying the unread count), the unread badge, the panel (a modal dialog:
 * focus moves in, Tab stays in, Escape or the close button closes and focus returns to the launcher),
 * the entries with their reactions, and the subscribe form. `part` names on every piece for
 * `::part()` styling. With `data-selector` the page's own element is the launcher.
 *
 * Attributes: `project` (slug), `api` (the Shiplog origin), `data-position`, `data-theme` (overrides of
 * the project settings), `data-selector`, `data-component` (a monorepo component's entries only),
 * `data-reader-token` (an identified reader's token, sent as `X-Shiplog-Reader` on every call; their
 * unread state and dismissed announcements then live on the server), `data-announce="off"` (no
 * announcement dialog on this page), `data-locale` (the language to ask for, instead of the page's
 * `<html lang>`; page-locale.ts). A refused token (401) shows nothing and warns once in the console.
 */
import { createAnalytics, keepaliveFetch } from './analytics.ts';
import { anonymousId } from './anonymous-id.ts';
import { openAnnouncement } from './announce-dialog.ts';
import { type Api, createApi, type WidgetDocument } from './api.ts';
import { pageLocale } from './page-locale.ts';
import { countUnread, type KeyValueStore, newestPublishedAt } from './last-seen.ts';
import { localReaderState, nextAnnouncement, type ReaderState, serverReaderState } from './reader-state.ts';
import { reactedStore, toggleReaction } from './reactions.ts';
import { buildPanel } from './build-panel.ts';
import { trackEntryViews } from './track-entry-views.ts';
import { el } from './render-entry.ts';
import { widgetSheets } from './styles.ts';

const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];
const THEMES = ['light', 'dark', 'auto'];

function storage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Record an analytics event of the widget's reader about `entryId`, at `url`. */
type Track = (type: 'view' | 'click', entryId: string, url: string) => void;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export class ShiplogWidget extends HTMLElement {
  readonly #root = this.attachShadow({ mode: 'open' });
  #launcher: HTMLElement | null = null;
  #panel: HTMLElement | null = null;
  #badge: HTMLElement | null = null;
  #unreadText: HTMLElement | null = null;
  #announcer: HTMLElement | null = null;
  #doc: WidgetDocument | null = null;
  #outside = (event: MouseEvent) => {
    if (this.#panel?.hidden || event.composedPath().some((n) => n === this || n === this.#launcher)) return;
    this.close(false);
  };

  connectedCallback(): void {
    if (this.#doc || !this.getAttribute('project')) return;
    void this.#load();
  }

  disconnectedCallback(): void {
    document.removeEventListener('click', this.#outside);
  }

  get open(): boolean {
    return this.#panel !== null && !this.#panel.hidden;
  }

  async #load(): Promise<void> {
    const project = this.getAttribute('project') ?? '';
    const api = createApi(
      this.getAttribute('api') ?? location.origin,
      this.getAttribute('data-reader-token') || null,
      pageLocale(this),
    );
    let doc: WidgetDocument;
    let state: ReaderState;
    try {
      doc = await api.widget(project, this.getAttribute('data-component'));
      state = doc.reader
        ? serverReaderState(api, doc.project.slug, doc.reader)
        : localReaderState(storage(), doc.project.slug);
    } catch {
      // No widget for a project that does not exist, a server that cannot be reached, or a reader the
      // server refuses (api.ts warns of that once): the host page shows nothing broken.
      return;
    }
    this.#doc = doc;
    const { settings } = doc.project;
    const pick = (value: string | null, allowed: string[], fallback: string) =>
      value && allowed.includes(value) ? value : allowed.includes(fallback) ? fallback : allowed[0]!;
    this.dataset.position = pick(this.getAttribute('data-position'), POSITIONS, settings.position);
    this.dataset.theme = pick(this.getAttribute('data-theme'), THEMES, settings.theme);
    this.#root.adoptedStyleSheets = widgetSheets(settings.accent);
    this.#render(doc, api, state);
    const next = this.getAttribute('data-announce') === 'off' ? null : nextAnnouncement(doc.entries, state);
    if (next) openAnnouncement(this.#root, next.entry, () => state.dismiss(next.covers));
  }

  #render(doc: WidgetDocument, api: Api, state: ReaderState): void {
    const store = storage();
    const project = doc.project.slug;
    const id = anonymousId(store);
    const mine = reactedStore(store, project, doc.reader?.reactions);
    const analytics = createAnalytics(api.analyticsUrl, keepaliveFetch(api.reader));
    addEventListener('pagehide', analytics.flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') analytics.flush();
    });
    const track: Track = (type, entryId, url) =>
      analytics.track({ project, type, entryId, anonymousId: id, url: url.slice(0, 2048) });

    this.#root.replaceChildren(this.#buildLauncher());
    const unread = countUnread(doc.entries, state.lastSeen);
    this.#showUnread(unread);

    // The panel (twenty entries of HTML) is built when the page is idle or at the first open, whichever
    // comes first: the launcher shows as soon as the list has arrived.
    const ensurePanel = () => this.#panel ?? this.#buildPanel(doc, api, mine, id, track);
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(() => ensurePanel());

    this.#launcher?.addEventListener('click', (event) => {
      event.preventDefault();
      if (this.open) this.close(true);
      else {
        ensurePanel();
        this.#openPanel();
        state.seen(newestPublishedAt(doc.entries));
        this.#showUnread(0);
      }
    });
    document.addEventListener('click', this.#outside);
    this.dispatchEvent(new CustomEvent('shiplog:ready', { detail: { unread } }));
  }

  /**
   * The launcher button, with its badge; the launcher is the page's own element instead when
   * `data-selector` names one (then the button stays hidden).
   */
  #buildLauncher(): HTMLButtonElement {
    // The accessible name is the visible text plus the count's meaning: "What's new 3 unread updates".
    this.#badge = el('span', { part: 'badge', class: 'badge' });
    this.#unreadText = el('span', { class: 'sr-only' });
    const button = el(
      'button',
      {
        type: 'button',
        part: 'launcher',
        class: 'launcher',
        'aria-haspopup': 'dialog',
        'aria-expanded': 'false',
      },
      el('span', {}, "What's new"),
      ' ',
      this.#badge,
      this.#unreadText,
    );
    const attachTo = this.getAttribute('data-selector');
    const target = attachTo ? document.querySelector<HTMLElement>(attachTo) : null;
    if (target) {
      this.dataset.attached = '';
      target.setAttribute('aria-haspopup', 'dialog');
      target.setAttribute('aria-expanded', 'false');
    }
    this.#launcher = target ?? button;
    return button;
  }

  /** The panel, built once: entries, search, subscribe; reactions, views and link clicks wired. */
  #buildPanel(
    doc: WidgetDocument,
    api: Api,
    mine: ReturnType<typeof reactedStore>,
    id: string,
    track: Track,
  ): HTMLElement {
    const built = buildPanel(doc, api, mine.has);
    this.#panel = built.panel;
    this.#announcer = built.announcer;
    this.#root.append(built.panel);
    built.close.addEventListener('click', () => this.close(true));
    built.panel.addEventListener('keydown', (event) => this.#trapKeys(event));
    trackEntryViews(built.list, (entryId) => track('view', entryId, location.href));
    built.panel.addEventListener('click', (event) => {
      const target = event.target as Element;
      const reaction = target.closest<HTMLButtonElement>('button.reaction');
      if (reaction) {
        void toggleReaction(reaction, api, id, mine, (message) => this.#announce(message));
        return;
      }
      const link = target.closest<HTMLAnchorElement>('a[href]');
      const entryId = target.closest<HTMLElement>('article')?.dataset.entry;
      if (link && entryId && /^https?:/.test(link.href)) track('click', entryId, link.href);
    });
    return built.panel;
  }

  #showUnread(count: number): void {
    if (!this.#badge || !this.#launcher) return;
    this.#badge.textContent = String(count);
    this.#badge.hidden = count === 0;
    if (this.#unreadText)
      this.#unreadText.textContent = count > 0 ? ` unread ${count === 1 ? 'update' : 'updates'}` : '';
    if (this.#launcher !== this.#root.querySelector('.launcher'))
      this.#launcher.dataset.shiplogUnread = String(count);
  }

  #announce(message: string): void {
    if (this.#announcer) this.#announcer.textContent = message;
  }

  #openPanel(): void {
    if (!this.#panel || !this.#launcher) return;
    this.#panel.hidden = false;
    this.#launcher.setAttribute('aria-expanded', 'true');
    this.#panel.querySelector<HTMLElement>('.close')?.focus();
  }

  /** Close the panel; `returnFocus` puts focus back on the launcher (keyboard and close button). */
  close(returnFocus: boolean): void {
    if (!this.#panel || !this.#launcher || this.#panel.hidden) return;
    this.#panel.hidden = true;
    this.#launcher.setAttribute('aria-expanded', 'false');
    if (returnFocus) this.#launcher.focus();
  }

  #trapKeys(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.close(true);
      return;
    }
    if (event.key !== 'Tab' || !this.#panel) return;
    const focusable = [...this.#panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (n) => n.offsetParent !== null,
    );
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = this.#root.activeElement;
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }
}
