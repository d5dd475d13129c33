/**
 * The small HTML pages behind email links (confirm, unsubscribe) and other one-message pages. A GET
 * shows a page whose button POSTs to the same URL: link scanners follow GETs, so a GET never changes
 * anything. No script and no inline style: the stylesheet comes from this origin, so a strict CSP applies.
 */
import { renderView } from '../../views/render-view.ts';

export function renderPage(options: {
  title: string;
  message: string;
  button?: { label: string; action: string };
  /** A way on from the page (the changelog a subscriber just confirmed). */
  link?: { label: string; href: string };
}): string {
  return renderView('layout', { title: options.title, noindex: true, body: renderView('message', options) });
}
