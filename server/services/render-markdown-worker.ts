/** Piscina worker: one entry body (Markdown) → sanitized HTML, off the request thread. */
import { renderMarkdown } from './render-markdown.ts';

export default function render(markdown: string): string {
  return renderMarkdown(markdown);
}
