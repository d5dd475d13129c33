/**
 * Piscina worker: one entry body (Markdown) → sanitized HTML, off the request thread. It posts on
 * `started` as it begins, so that the caller's time budget counts rendering only, not waiting.
 */
import type { MessagePort } from 'node:worker_threads';
import { renderMarkdown } from './render-markdown.ts';

export type RenderTask = { markdown: string; started: MessagePort };

export default function render({ markdown, started }: RenderTask): string {
  started.postMessage(null);
  started.close();
  return renderMarkdown(markdown);
}
