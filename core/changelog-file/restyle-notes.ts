/**
 * A draft's Markdown body (the drafter's layout: a summary paragraph, `### Heading` sections of `- `
 * items, closing lines such as "New contributors") laid out the way a changelog writes its notes
 * (read-changelog-format.ts `NotesLayout`): its section headings' level and the blank line under them,
 * or `Bug fixes:` labels, or one list without headings; its bullet marker; the summary kept only where
 * the file's notes open with prose. Section headings can be renamed to the file's own (`headingFor`).
 * The words of each item are kept as they are. Pure.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import type { NotesLayout } from './read-changelog-format.ts';

type Block = { heading: string | null; items: string[] };

/** A list's items with `bullet` as their marker, the rest of each item as written. */
function itemsOf(list: Tokens.List, bullet: string): string[] {
  return list.items.map((item) => item.raw.trimEnd().replace(/^[-*+](?=[ \t])/, bullet));
}

function blocksOf(tokens: readonly Token[], bullet: string) {
  const lead: string[] = [];
  const closing: string[] = [];
  const blocks: Block[] = [];
  for (const t of tokens) {
    if (t.type === 'heading') blocks.push({ heading: (t as Tokens.Heading).text.trim(), items: [] });
    else if (t.type === 'list' && !(t as Tokens.List).ordered) {
      const block = blocks.at(-1) ?? (blocks.push({ heading: null, items: [] }), blocks.at(-1)!);
      block.items.push(...itemsOf(t as Tokens.List, bullet));
    } else if (t.type !== 'space') {
      // Prose before any section is the summary; prose after one closes the notes.
      (blocks.length === 0 ? lead : closing).push(t.raw.trim());
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
  const { lead, blocks, closing } = blocksOf(
    Lexer.lex(body.replace(/\r\n/g, '\n'), { gfm: true }),
    layout.bullet,
  );
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
