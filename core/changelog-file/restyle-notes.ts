/**
 * A draft's Markdown body (the drafter's layout: a summary paragraph, `### Heading` sections of `- `
 * items, closing lines such as "New contributors") laid out the way a changelog writes its notes
 * (read-notes-layout.ts `NotesLayout`): its section headings' level and the blank line under them,
 * or `Bug fixes:` labels, or one list without headings; how its items begin (bullet, and the spaces
 * before and after it: what nests under an item moves with it); the summary kept only where the
 * file's notes open with prose. Section headings can be renamed to the file's own (`headingFor`).
 * The words of each item are kept as they are, without the backslash escapes the file would not
 * write (drop-needless-escapes.ts: `https:\/\/` is `https://` again). Pure.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { dropNeedlessEscapes } from './drop-needless-escapes.ts';
import type { NotesLayout } from './read-notes-layout.ts';

type Block = { heading: string | null; items: string[] };

/** `markdown` without the escapes the file would not write. */
const plainer = (markdown: string, layout: NotesLayout) =>
  dropNeedlessEscapes(markdown, new Set(layout.escaped), layout.labels);

/**
 * `item` (a list item's Markdown, its bullet first) begun as the file begins items; its other lines
 * moved by as many columns as its text moved, so that what nests under it stays under it.
 */
function restyleItem(item: string, layout: NotesLayout): string {
  const start = /^ {0,3}[-*+][ \t]+/.exec(item);
  if (!start) return item;
  const prefix = `${layout.indent}${layout.bullet}${layout.spacing}`;
  const shift = prefix.length - start[0].length;
  const [first, ...rest] = item.slice(start[0].length).split('\n');
  const moved = rest.map((line) => {
    if (line.trim() === '') return line;
    if (shift >= 0) return ' '.repeat(shift) + line;
    return line.replace(new RegExp(`^ {0,${-shift}}`), '');
  });
  return [prefix + first, ...moved].join('\n');
}

/** A list's items begun as the file begins items, without the escapes it would not write. */
function itemsOf(list: Tokens.List, layout: NotesLayout): string[] {
  return list.items.map((item) => restyleItem(plainer(item.raw.trimEnd(), layout), layout));
}

function blocksOf(tokens: readonly Token[], layout: NotesLayout) {
  const lead: string[] = [];
  const closing: string[] = [];
  const blocks: Block[] = [];
  for (const t of tokens) {
    if (t.type === 'heading') blocks.push({ heading: (t as Tokens.Heading).text.trim(), items: [] });
    else if (t.type === 'list' && !(t as Tokens.List).ordered) {
      const block = blocks.at(-1) ?? (blocks.push({ heading: null, items: [] }), blocks.at(-1)!);
      block.items.push(...itemsOf(t as Tokens.List, layout));
    } else if (t.type !== 'space') {
      // Prose before any section is the summary; prose after one closes the notes.
      (blocks.length === 0 ? lead : closing).push(plainer(t.raw.trim(), layout));
    }
  }
  return { lead, blocks: blocks.filter((b) => b.items.length > 0), closing };
}

/**
 * @param body the draft's Markdown (`\n` line breaks).
 * @param headingFor the file's heading for a draft's section heading (default: the same words).
 * @returns the notes in the file's layout, `\n` line breaks (the writer puts the file's own).
 */
export function restyleNotes(
  body: string,
  layout: NotesLayout,
  headingFor: (heading: string) => string = (h) => h,
): string {
  const { lead, blocks, closing } = blocksOf(Lexer.lex(body.replace(/\r\n/g, '\n'), { gfm: true }), layout);
  const parts: string[] = layout.leadsWithProse ? [...lead] : [];
  if (layout.sections === 'none') {
    const items = blocks.flatMap((b) => b.items);
    if (items.length > 0) parts.push(items.join('\n'));
  } else {
    for (const block of blocks) {
      const list = block.items.join('\n');
      if (block.heading === null) parts.push(list);
      else {
        const name = headingFor(block.heading);
        const title = layout.sections === 'label' ? `${name}:` : `${'#'.repeat(layout.depth)} ${name}`;
        parts.push(`${title}${layout.gap.replace(/\r\n/g, '\n')}${list}`);
      }
    }
  }
  // A body with nothing but prose (only maintenance, say) keeps its prose.
  if (parts.length === 0) parts.push(...lead);
  parts.push(...closing);
  return parts.join('\n\n');
}
