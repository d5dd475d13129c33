/**
 * The language the widget asks for (docs/widget.md#languages): the `data-locale` of its script tag (or
 * element), else the page's own `<html lang>`; sent as `?locale=` and with a subscription. A value that
 * is not a BCP 47 tag is not sent: the server then goes by the browser's `Accept-Language`.
 */
import { canonicalLocale } from '../../core/contract/locale-pattern.ts';

/** The canonical tag `widget` asks for, or null for none. */
export function pageLocale(widget: Element): string | null {
  const wanted = widget.getAttribute('data-locale') || document.documentElement.lang || '';
  return canonicalLocale(wanted.trim()) ?? null;
}
