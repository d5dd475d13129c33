/**
 * A reStructuredText explicit markup block (reStructuredText Markup Specification, "Explicit Markup
 * Blocks": `..` and what is indented under it) → Markdown, for the changelog converter:
 *
 * - `.. code-block:: python` (`code`, `sourcecode`) → a fenced code block in that language;
 * - admonitions (`.. note::`, `.. warning::`, `.. versionadded:: 2.0`, …) → a block quote led by their
 *   label in bold;
 * - `.. rubric:: Fixed` (an informal heading) → `**Fixed**`; containers (`only`, `container`,
 *   `class`) → their content;
 * - hyperlink targets (read by collect-rst-targets.ts), substitution definitions, footnotes, comments
 *   (`.. towncrier release notes start`) and other directives (images, includes, tables of contents)
 *   → nothing.
 *
 * The content of a block is converted by the caller's converter, given as an argument. Pure.
 */
import { codeFence, dedent, isBlank, joinBlocks, type MarkdownBlock } from './read-rst-indent.ts';

export type ConvertBlocks = (lines: readonly string[]) => MarkdownBlock[];

const DIRECTIVE = /^\.\.\s+([A-Za-z0-9][\w:+.-]*)::(?:\s+(.*))?$/;

const LABELS: Record<string, string> = {
  note: 'Note',
  warning: 'Warning',
  tip: 'Tip',
  important: 'Important',
  caution: 'Caution',
  attention: 'Attention',
  danger: 'Danger',
  hint: 'Hint',
  error: 'Error',
  seealso: 'See also',
  deprecated: 'Deprecated since version',
  versionadded: 'Added in version',
  versionchanged: 'Changed in version',
  versionremoved: 'Removed in version',
};
const VERSIONED = new Set(['deprecated', 'versionadded', 'versionchanged', 'versionremoved']);

/** The options (`:linenos:`) a directive's body starts with, left out; the content after them. */
function contentOf(body: readonly string[]): string[] {
  let n = 0;
  while (n < body.length && /^:[^:\s][^:]*:(\s|$)/.test(body[n]!)) n += 1;
  const rest = body.slice(n);
  while (isBlank(rest[0]) && rest.length) rest.shift();
  return rest;
}

const quote = (markdown: string) =>
  markdown
    .split('\n')
    .map((l) => (l === '' ? '>' : `> ${l}`))
    .join('\n');

/** An admonition: its label (and version, or title), then its text, as a block quote. */
function admonition(name: string, args: string, content: readonly string[], convert: ConvertBlocks): string {
  const versioned = VERSIONED.has(name);
  const [version = '', ...said] = versioned ? args.split(/\s+/) : [];
  const label =
    name === 'admonition' ? args : versioned ? `${LABELS[name]} ${version}` : (LABELS[name] ?? name);
  const text = versioned ? [said.join(' '), ...content] : [args, ...content];
  const body = joinBlocks(convert(dedent(text.filter((l, i) => i > 0 || l.trim() !== ''))));
  return quote(body === '' ? `**${label.trim()}**` : `**${label.trim()}:** ${body}`);
}

/**
 * @param lines the block: its `..` line and the indented lines below it.
 * @returns its Markdown, or nothing.
 */
export function convertRstDirective(lines: readonly string[], convert: ConvertBlocks): MarkdownBlock[] {
  const match = DIRECTIVE.exec(lines[0]!);
  if (!match) return [];
  const name = match[1]!.toLowerCase().split(':').at(-1)!;
  const args = match[2]?.trim() ?? '';
  const content = contentOf(dedent(lines.slice(1)));
  if (name === 'code-block' || name === 'code' || name === 'sourcecode')
    return content.length ? [{ markdown: codeFence(content, args.split(/\s+/)[0]) }] : [];
  if (name in LABELS || name === 'admonition')
    return [{ markdown: admonition(name, args, content, convert) }];
  if (name === 'rubric') return [{ markdown: `**${joinBlocks(convert([args]))}**` }];
  if (name === 'only' || name === 'container' || name === 'class') return convert(content);
  return [];
}
