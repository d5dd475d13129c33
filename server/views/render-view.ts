/**
 * The one template engine for HTML (pages and emails): Eta, with every `<%= %>` escaped (autoEscape)
 * and templates read once and cached. Raw output (`<%~ %>`) is used only for HTML the server made
 * safe itself: sanitized entry HTML, and one template included in another.
 */
import { randomUUID } from 'node:crypto';
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

/**
 * Render `server/views/<name>.eta` once with `data` but for `field`, which the template prints escaped
 * (`<%= it.<field> %>`) and uses in no other way; the answer fills that field in, escaped the same
 * way. For a message sent to many readers that differs only in one value (an email's unsubscribe
 * link): one rendering for all of them.
 */
export function renderViewWithBlank(name: string, data: object, field: string): (value: string) => string {
  // A marker no text can hold by chance, and that escaping leaves as it is.
  const marker = `blank${randomUUID().replaceAll('-', '')}`;
  const parts = renderView(name, { ...data, [field]: marker }).split(marker);
  const escape = eta.config.escapeFunction;
  return (value) => parts.join(escape(value));
}
