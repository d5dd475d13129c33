/**
 * The small HTML pages behind email links (confirm, unsubscribe). A GET shows a page whose button
 * POSTs to the same URL: link scanners follow GETs, so a GET never changes anything.
 * No script and no inline style: the stylesheet comes from this origin, so a strict CSP applies.
 */
import { PAGE_STYLESHEET } from '../../plugins/html-pages.ts';
import { escapeHtml } from './render-email.ts';

export function renderPage(options: {
  title: string;
  message: string;
  button?: { label: string; action: string };
}): string {
  const form = options.button
    ? `<form method="post" action="${escapeHtml(options.button.action)}"><button type="submit">${escapeHtml(options.button.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${PAGE_STYLESHEET}">
</head><body><main><h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.message)}</p>${form}</main></body></html>`;
}
