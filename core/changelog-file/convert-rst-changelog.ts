/**
 * A reStructuredText changelog (`CHANGELOG.rst`, `HISTORY.rst`, `CHANGES.rst`) → the Markdown the import
 * reads (core/parse-changelog.ts), so that it yields the releases a Markdown changelog would: each
 * section title an ATX heading at its level (the order in which adornment styles first appear, as the
 * reStructuredText Markup Specification, "Sections", defines it: the first style met is level 1, `#`),
 * its items Markdown list items, its inline markup Markdown (` ``code`` ` → `` `code` ``,
 * `` `text <url>`_ `` → `[text](url)`, `` :issue:`123` `` → `#123`), hyperlink targets resolved in
 * place. So `` `1.2.0`_ (2024-01-02) `` underlined with `=` reads as `# [1.2.0](…) (2024-01-02)`, and a
 * release's notes are readable Markdown.
 *
 * Written for changelogs, not every document: no npm package converts reStructuredText small and pure
 * enough to bundle into the Action (the maintained one brings a highlighter and KaTeX). What it reads:
 * convert-rst-blocks.ts (body elements), convert-rst-inline.ts (inline markup),
 * convert-rst-directive.ts (directives). Pure.
 */
import { collectRstTargets } from './collect-rst-targets.ts';
import { convertRstBlocks } from './convert-rst-blocks.ts';
import { joinBlocks } from './read-rst-indent.ts';

/** Tabs to the next multiple of 8 columns, as the specification expands them. */
function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** @returns the changelog as Markdown: ATX headings, list items, links and code spans. */
export function convertRstChangelog(rst: string): string {
  const lines = rst
    .replace(/^\uFEFF/, '')
    .split(/\r\n?|\n/)
    .map((l) => expandTabs(l).trimEnd());
  const targets = collectRstTargets(lines);
  const markdown = joinBlocks(convertRstBlocks(lines, { targets, styles: [] }, true));
  return markdown === '' ? '' : `${markdown}\n`;
}
