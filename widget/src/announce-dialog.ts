/**
 * The announcement (docs/api.md#readers-and-audiences-segments-summary-announcements, Announcements): an entry marked `announce`
 * opens once per reader as a modal `<dialog>` of the widget's shadow root, shown with `showModal()`, so
 * it sits in the browser's top layer over the host page (nothing of the page moves) and the page behind
 * it is inert. It is named by its title (`aria-labelledby`), holds the entry's summary (or its body),
 * a "Read more" link to the whole entry, and two ways out: the × button and "Got it". Tab and Shift+Tab
 * stay inside; Escape, either button or the link closes it, and focus goes back to the element that had
 * it before the dialog opened (inside another shadow root too). A click on the backdrop closes it too. `dismissed` runs once, when it closes.
 */
import type { WidgetEntry } from './api.ts';
import { el, entryText, readMoreLink } from './render-entry.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focused element of the page, looking into open shadow roots (a host app's own components). */
function focusedElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement, root: ShadowRoot): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = root.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** Open `entry` as the announcement dialog in `root`; `dismissed` runs once it has closed. */
export function openAnnouncement(root: ShadowRoot, entry: WidgetEntry, dismissed: () => void): void {
  const titleId = `shiplog-announce-${entry.id}`;
  const content = entryText(entry, 'body announcement-body');
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×');
  const done = el('button', { type: 'button', class: 'subscribe-button' }, 'Got it');
  const more = readMoreLink(entry);
  const dialog = el(
    'dialog',
    { part: 'announcement', class: 'announcement', 'aria-modal': 'true', 'aria-labelledby': titleId },
    el('div', { class: 'head' }, el('h2', { id: titleId }, entry.title), close),
    el('div', { class: 'announcement-content' }, content, more),
    el('div', { class: 'actions' }, done),
  );
  const previous = focusedElement();
  let open = true;
  const finish = () => {
    if (!open) return;
    open = false;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (previous?.isConnected) previous.focus();
    dismissed();
  };
  close.addEventListener('click', finish);
  done.addEventListener('click', finish);
  // The link opens a new tab: the announcement has been read.
  more.addEventListener('click', () => setTimeout(finish));
  // The browser's own close request (Escape, Android's back gesture) ends in `close`.
  dialog.addEventListener('close', finish);
  // A click on the backdrop (the dialog box itself has no padding of its own to click on).
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) finish();
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      finish();
    } else if (event.key === 'Tab') trapTab(event, dialog, root);
  });
  root.append(dialog);
  dialog.showModal();
  close.focus();
}
