/**
 * Piscina worker: one entry body (Markdown) → sanitized HTML, off the request thread. It posts on
 * `started` as it begins, so that the caller's time budget counts rendering only, not waiting.
 * `renderNotes` does the same for an imported release's notes and also reads what they lead with from
 * the same tokens, so that no Markdown of an import is parsed on the request thread; `parseChangelog`
 * reads a whole changelog (the History page's preview) from tokens lexed with the same limit, a
 * reStructuredText one converted to Markdown first, in the worker too.
 */
import type { MessagePort } from 'node:worker_threads';
import { changelogMarkup, type ChangelogMarkup } from '../../../core/changelog-file/read-changelog-markup.ts';
import { convertRstChangelog } from '../../../core/changelog-file/convert-rst-changelog.ts';
import { type ParsedChangelog, parseChangelogTokens } from '../../../core/parse-changelog.ts';
import { leadOfTokens, type NotesLead } from './lead-of-notes.ts';
import { lexMarkdown, renderTokens } from './render-markdown.ts';

/** `path`: a changelog's file name, which says its markup (`parseChangelog` only). */
export type RenderTask = { markdown: string; started: MessagePort; path?: string | null };

/** A changelog read, and the markup it was read as. */
export type ReadChangelog = ParsedChangelog & { markup: ChangelogMarkup };

/** Rendered notes: their HTML and their leading change. */
export type RenderedNotes = { html: string; lead: NotesLead };

function begin(started: MessagePort): void {
  started.postMessage(null);
  started.close();
}

export default function render({ markdown, started }: RenderTask): string {
  begin(started);
  return renderTokens(lexMarkdown(markdown));
}

export function renderNotes({ markdown, started }: RenderTask): RenderedNotes {
  begin(started);
  const tokens = lexMarkdown(markdown);
  const lead = leadOfTokens(tokens);
  return { html: renderTokens(tokens), lead };
}

/** A changelog, Markdown or reStructuredText (read-changelog-markup.ts decides, from `path` and the text). */
export function parseChangelog({ markdown, started, path = null }: RenderTask): ReadChangelog {
  begin(started);
  const markup = changelogMarkup(path, markdown);
  const text = markup === 'rst' ? convertRstChangelog(markdown) : markdown;
  return { markup, ...parseChangelogTokens(lexMarkdown(text)) };
}
