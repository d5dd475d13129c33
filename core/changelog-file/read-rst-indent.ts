/**
 * Indentation, which is reStructuredText's block structure (reStructuredText Markup Specification,
 * "Indentation"): a block's body is the lines indented past its first line's, blank lines inside it
 * included. Shared by the converter's block readers (convert-rst-blocks.ts, convert-rst-directive.ts).
 * Lines come with their tabs already expanded (convert-rst-changelog.ts). Pure.
 */

/** A converted block of Markdown; `list` names the list an item belongs to, so items of one list are joined tight. */
export type MarkdownBlock = { markdown: string; list?: string };

export const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

/** Leading spaces of `line`. */
export const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * The end (exclusive) of the indented block that starts at `from`: the lines indented at least
 * `minIndent`, and blank lines followed by one; trailing blank lines left out.
 */
export function indentedEnd(lines: readonly string[], from: number, minIndent = 1): number {
  let end = from;
  for (let j = from; j < lines.length; j++) {
    if (isBlank(lines[j])) continue;
    if (indentOf(lines[j]!) < minIndent) break;
    end = j + 1;
  }
  return end;
}

/** `lines` without the indentation their non-blank lines share; blank lines emptied. */
export function dedent(lines: readonly string[]): string[] {
  const indents = lines.filter((l) => !isBlank(l)).map(indentOf);
  const common = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => (isBlank(l) ? '' : l.slice(common)));
}

/** Markdown blocks joined: items of one list by a line break, anything else by a blank line. */
export function joinBlocks(blocks: readonly MarkdownBlock[]): string {
  return blocks
    .map((b, n) => {
      const previous = blocks[n - 1];
      const tight = previous?.list !== undefined && previous.list === b.list;
      return (n === 0 ? '' : tight ? '\n' : '\n\n') + b.markdown;
    })
    .join('');
}

/** A fenced code block of `lines` as written, fenced past any backtick fence they hold. */
export function codeFence(lines: readonly string[], language = ''): string {
  const longest = Math.max(2, ...lines.map((l) => /^\s*(`+)/.exec(l)?.[1]!.length ?? 0));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, ...lines, fence].join('\n');
}
