/**
 * The one template engine for HTML (pages and emails): Eta, with every `<%= %>` escaped (autoEscape)
 * and templates read once and cached. Raw output (`<%~ %>`) is used only for HTML the server made
 * safe itself: sanitized entry HTML, and one template included in another.
 */
import { Eta } from 'eta';

const eta = new Eta({
  views: import.meta.dirname,
  autoEscape: true,
  autoTrim: false,
  cache: true,
});

/** Render `server/views/<name>.eta` with `data` (available as `it`). */
export function renderView(name: string, data: object): string {
  return eta.render(`./${name}`, data);
}
