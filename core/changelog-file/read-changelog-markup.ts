/**
 * Which markup a changelog file is written in, and its text as the Markdown the import reads
 * (core/parse-changelog.ts): the import, the Action's `import-changelog` and the Action's learning
 * without a server read a reStructuredText changelog through convert-rst-changelog.ts.
 *
 * - `.rst` or `.rest`: reStructuredText;
 * - no extension (`CHANGES`, `HISTORY`) or `.txt`: reStructuredText when the text has a section title
 *   (read-rst-title.ts), no ATX (`# `) heading and no code fence, and something only
 *   reStructuredText writes: an overlined title, a title underlined with other than `=` or `-`, a
 *   `..` line (directive, target, comment), a ``` ``literal`` ```, a role or a `` `reference`_ ``.
 *   A file with nothing but `=` / `-` underlines reads the same as Markdown setext headings, so it is
 *   left to the Markdown reader;
 * - any other extension: Markdown.
 *
 * Pure: a path is only a name here.
 */
import { convertRstChangelog } from './convert-rst-changelog.ts';
import { readRstTitle } from './read-rst-title.ts';

export type ChangelogMarkup = 'markdown' | 'rst';

const ATX_HEADING = /^ {0,3}#{1,6}[ \t]+\S/m;
/** A code fence after a blank line (a `~~~` right under a line is a title's underline). */
const CODE_FENCE = /(?:^|\n[ \t]*\n) {0,3}(?:```|~~~)/;
const RST_ONLY = /^\.\.(?:\s|$)|``\S(?:.*?\S)?``|:[\w.+:-]+:`[^`]+`|`[^`]+`__?(?![\w`])/m;

function titleStyles(lines: readonly string[]): string[] {
  const styles: string[] = [];
  lines.forEach((_, i) => {
    if (i > 0 && lines[i - 1]!.trim() !== '') return;
    const title = readRstTitle(lines, i);
    if (title) styles.push(title.style);
  });
  return styles;
}

/** Whether `text`, a file without a markup extension, is reStructuredText. */
export function looksLikeRst(text: string): boolean {
  if (ATX_HEADING.test(text) || CODE_FENCE.test(text)) return false;
  const styles = titleStyles(text.split(/\r\n?|\n/).map((l) => l.trimEnd()));
  if (styles.length === 0) return false;
  return styles.some((s) => s.startsWith('over') || !/^under[=-]$/.test(s)) || RST_ONLY.test(text);
}

/** @param path the file's path or name, or null when it has none (pasted text). */
export function changelogMarkup(path: string | null, text: string): ChangelogMarkup {
  const extension = /(\.[^./\\]+)$/.exec(path ?? '')?.[1]?.toLowerCase() ?? '';
  if (extension === '.rst' || extension === '.rest') return 'rst';
  if (extension === '' || extension === '.txt') return looksLikeRst(text) ? 'rst' : 'markdown';
  return 'markdown';
}

/** The changelog's text as Markdown: as it is, or converted from reStructuredText. */
export function changelogAsMarkdown(path: string | null, text: string): string {
  return changelogMarkup(path, text) === 'rst' ? convertRstChangelog(text) : text;
}
