/**
 * reStructuredText body elements → Markdown blocks, for the changelog converter
 * (convert-rst-changelog.ts), as the reStructuredText Markup Specification, "Body Elements", reads them:
 *
 * - section titles (read-rst-title.ts) → ATX headings, `#` for the first adornment style the document
 *   uses, `##` for the second, and so on (at most `######`);
 * - bullet lists (`-`, `*`, `+`, `•`) and enumerated lists (`1.`, `1)`, `(1)`, `#.`), their items'
 *   continuation lines indented under the item's text, nested lists and paragraphs included;
 * - field lists (`:Released: 2024-01-02`) → `**Released:** 2024-01-02`; a definition list's term (a
 *   line with an indented block under it, `Fixed` / `    - …`) → `**Fixed**` and its block;
 * - a paragraph ending in `::` → the paragraph (`::` → `:`) and its indented literal block fenced;
 * - explicit markup (`..`: directives, targets, comments) → convert-rst-directive.ts;
 * - tables → fenced as written; transitions → nothing.
 *
 * An indented block that is none of these (docutils' block quote) is read as if it were not indented:
 * changelogs indent a release's items for looks. Pure.
 */
import { convertRstDirective } from './convert-rst-directive.ts';
import { convertRstInline } from './convert-rst-inline.ts';
import {
  codeFence,
  dedent,
  indentedEnd,
  indentOf,
  isBlank,
  joinBlocks,
  type MarkdownBlock,
} from './read-rst-indent.ts';
import { isTransition, readRstTitle, type RstTitle, type RstTitleStyle } from './read-rst-title.ts';

export type RstContext = {
  targets: ReadonlyMap<string, string>;
  /** The title styles in the order they first appeared: a style's level is its index + 1. */
  styles: RstTitleStyle[];
};

/** What a block reader gives: its Markdown blocks and the line after it. */
type Read = [MarkdownBlock[], number];

const BULLET = /^([-*+•‣⁃])(?: +|$)/;
const ENUMERATOR = /^(?:(\d+|#)[.)]|\((\d+|#)\))(?: +|$)/;
const FIELD = /^:((?:[^:`\\]|\\.)+):(?:\s+(.*))?$/;
const TABLE = /^(?:\+[-=+]*-[-=+]*\+|=+(?: +=+)+)\s*$/;

function heading(title: RstTitle, ctx: RstContext): MarkdownBlock {
  if (!ctx.styles.includes(title.style)) ctx.styles.push(title.style);
  const depth = Math.min(ctx.styles.indexOf(title.style) + 1, 6);
  // A closing `#` sequence of an ATX heading would be dropped: escaped.
  const text = convertRstInline(title.text, ctx.targets).replace(/(\s)(#+)\s*$/, '$1\\$2');
  return { markdown: `${'#'.repeat(depth)} ${text}` };
}

/** A paragraph's Markdown; a line start Markdown would read as a heading, quote or underline escaped. */
function paragraph(lines: readonly string[], ctx: RstContext): string {
  return convertRstInline(lines.map((l) => l.trim()).join('\n'), ctx.targets).replace(
    /^(#{1,6}(?=\s|$)|>|[=-]+\s*$)/gm,
    '\\$1',
  );
}

/** The Markdown of `body` indented under a list marker (its first line follows the marker). */
function underMarker(marker: string, body: string): string {
  const pad = ' '.repeat(marker.length + 1);
  const [first = '', ...rest] = body.split('\n');
  return [`${marker} ${first}`, ...rest.map((l) => (l === '' ? '' : pad + l))].join('\n');
}

/** An item and its body: its first line's text, and the lines indented under it. */
function readListItem(lines: readonly string[], i: number, ctx: RstContext, counter: number): Read {
  const line = lines[i]!;
  const bullet = BULLET.exec(line);
  const enumerated = bullet ? null : ENUMERATOR.exec(line)!;
  const marker = (bullet ?? enumerated)![0];
  const end = indentedEnd(lines, i + 1);
  const body = [line.slice(marker.length), ...dedent(lines.slice(i + 1, end))];
  const number =
    enumerated && /\d/.test(enumerated[1] ?? enumerated[2]!) ? (enumerated[1] ?? enumerated[2]!) : counter;
  const md = bullet ? (/[-*+]/.test(bullet[1]!) ? bullet[1]! : '-') : `${number}.`;
  const markdown = underMarker(md, joinBlocks(convertRstBlocks(body, ctx, false)));
  return [[{ markdown, list: bullet ? md : 'ordered' }], end];
}

/** An enumerator is an item only when the next line is blank, indented or another item (as docutils checks). */
function isItem(lines: readonly string[], i: number): boolean {
  if (BULLET.test(lines[i]!)) return true;
  if (!ENUMERATOR.test(lines[i]!)) return false;
  const next = lines[i + 1];
  return isBlank(next) || indentOf(next!) > 0 || ENUMERATOR.test(next!);
}

/** `:Name: body` → `**Name:** body`, the body's indented lines with it. */
function readField(lines: readonly string[], i: number, ctx: RstContext): Read {
  const match = FIELD.exec(lines[i]!)!;
  const end = indentedEnd(lines, i + 1);
  const body = joinBlocks(convertRstBlocks([match[2] ?? '', ...dedent(lines.slice(i + 1, end))], ctx, false));
  const name = `**${convertRstInline(match[1]!, ctx.targets)}:**`;
  return [
    [
      {
        markdown:
          body === ''
            ? name
            : /^\S/.test(body) && !/^[-*+] /.test(body)
              ? `${name} ${body}`
              : `${name}\n\n${body}`,
      },
    ],
    end,
  ];
}

/** A literal block: the indented lines after a paragraph ending in `::`, fenced. */
function readLiteral(lines: readonly string[], from: number): Read {
  let i = from;
  while (i < lines.length && isBlank(lines[i])) i += 1;
  if (i === lines.length || indentOf(lines[i]!) === 0) return [[], from];
  const end = indentedEnd(lines, i);
  return [[{ markdown: codeFence(dedent(lines.slice(i, end))) }], end];
}

/** A paragraph (its lines up to a blank line), a definition list item, or a paragraph and its literal block. */
function readParagraph(lines: readonly string[], i: number, ctx: RstContext): Read {
  let end = i;
  while (end < lines.length && !isBlank(lines[end]) && (end === i || indentOf(lines[end]!) === 0)) end += 1;
  const own = lines.slice(i, end);
  const last = own.at(-1)!.trimEnd();
  if (last.endsWith('::')) {
    const text = last === '::' ? '' : last.replace(/\s+::$/, '').replace(/::$/, ':');
    const kept = [...own.slice(0, -1), text].filter((l) => l.trim() !== '');
    const [literal, after] = readLiteral(lines, end);
    return [[...(kept.length ? [{ markdown: paragraph(kept, ctx) }] : []), ...literal], after];
  }
  if (end < lines.length && !isBlank(lines[end]) && own.length === 1) {
    // A definition list item: the term, and its definition indented below it.
    const close = indentedEnd(lines, end);
    const term = { markdown: `**${paragraph(own, ctx)}**` };
    return [[term, ...convertRstBlocks(dedent(lines.slice(end, close)), ctx, false)], close];
  }
  // Indented lines right under a longer paragraph continue it.
  while (end < lines.length && !isBlank(lines[end])) end += 1;
  return [[{ markdown: paragraph(lines.slice(i, end), ctx) }], end];
}

/** The block that starts at line `i` (not blank), and the line after it. */
function readBlock(
  lines: readonly string[],
  i: number,
  ctx: RstContext,
  top: boolean,
  counter: number,
): Read {
  const line = lines[i]!;
  if (indentOf(line) > 0) {
    const end = indentedEnd(lines, i);
    return [convertRstBlocks(dedent(lines.slice(i, end)), ctx, top), end];
  }
  const title = top ? readRstTitle(lines, i) : null;
  if (title) return [[heading(title, ctx)], i + title.lines];
  if (isTransition(lines, i)) return [[], i + 1];
  if (/^\.\.(?:\s|$)/.test(line)) {
    const end = indentedEnd(lines, i + 1);
    const convert = (body: readonly string[]) => convertRstBlocks(body, ctx, false);
    return [convertRstDirective(lines.slice(i, end), convert), end];
  }
  if (isItem(lines, i)) return readListItem(lines, i, ctx, counter);
  if (FIELD.test(line)) return readField(lines, i, ctx);
  if (TABLE.test(line)) {
    let end = i;
    while (end < lines.length && !isBlank(lines[end])) end += 1;
    return [[{ markdown: codeFence(lines.slice(i, end), 'text') }], end];
  }
  return readParagraph(lines, i, ctx);
}

/**
 * @param lines the lines of a body (tabs expanded, trailing spaces trimmed).
 * @param top whether section titles may stand here (the document's own level, not an item's body).
 */
export function convertRstBlocks(lines: readonly string[], ctx: RstContext, top: boolean): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    if (isBlank(lines[i])) {
      i += 1;
      continue;
    }
    // The number of an auto-numbered item (`#.`): one past the items of its list so far.
    let counter = 1;
    while (blocks.at(-counter)?.list === 'ordered') counter += 1;
    const [read, next] = readBlock(lines, i, ctx, top, counter);
    blocks.push(...read);
    i = Math.max(next, i + 1);
  }
  return blocks;
}
