/**
 * The small HTML pages behind email links (confirm, unsubscribe). A GET shows a page whose button
 * POSTs to the same URL: link scanners follow GETs, so a GET never changes anything.
 * No script and no inline style attribute beyond one <style> block, so a strict CSP applies.
 */
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
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.message)}</p>${form}</main></body></html>`;
}
