/**
 * One release's notes, as a maintainer wrote them, read into items (what the drafting profile learns
 * from): each list item with the heading it sits under, parsed with marked's lexer (its tokens, never
 * line patterns).
 *
 * - Every list item is an item; a nested list item is part of its parent's text, unless the parent only
 *   names a group (`Fixes:`, `**Breaking changes**`): then each child is an item under that name.
 * - Headings, and paragraphs that are only bold text or a short line ending in `:`, name the items that
 *   follow. Items under a contributors or thanks heading are not changes.
 * - Notes with no list at all (a few sentences of prose) give one item per paragraph.
 * - Code blocks are never an item nor part of one; links keep their text, inline code its words.
 * - `breaking`: under a heading that names breaking or incompatible changes, or written as one
 *   (`BREAKING:`, `**Breaking**`, `[breaking]`).
 */
import { marked, type Tokens } from 'marked';

export type NotesItem = {
  /** The item's text, plain (Markdown marks, links' targets removed), one line. */
  text: string;
  /** The item as written (Markdown), one line. */
  markdown: string;
  /** The heading (and group label) it sits under, plain; '' at the top. */
  heading: string;
  /** Position among the release's items, from 0. */
  position: number;
  breaking: boolean;
};

const CREDITS_HEADING = /\b(?:contributors?|thanks|thank you|acknowledg\w*|credits?|new contributors)\b/i;
const BREAKING_HEADING = /\bbreaking\b|\bincompatib\w*/i;
const BREAKING_TEXT = /^\s*(?:\*\*|__)?\[?breaking(?:[ -]changes?)?\]?(?:\*\*|__)?\s*[:!-]/i;

/** A token's text without Markdown: link text kept, URLs, emphasis and code marks removed. */
function plain(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A paragraph or list item that only names a group of changes. */
function isLabel(markdown: string): boolean {
  const line = markdown.trim();
  if (line.includes('\n')) return false;
  const text = plain(line);
  if (text === '' || text.split(/\s+/).length > 8) return false;
  return /:\s*$/.test(text) || /^(?:\*\*|__)[^*_]+(?:\*\*|__):?$/.test(line);
}

/**
 * The text of a list item without its nested lists and code blocks: an example under an item shows
 * the change, it does not name it (the evaluation's reader, validate/match-items.ts, leaves it out too).
 */
function ownText(item: Tokens.ListItem): string {
  return item.tokens
    .filter((t) => t.type !== 'list' && t.type !== 'code')
    .map((t) => ('text' in t && typeof t.text === 'string' ? t.text : t.raw))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function nestedLists(item: Tokens.ListItem): Tokens.List[] {
  return item.tokens.filter((t): t is Tokens.List => t.type === 'list');
}

/** The items of `notes` (rules in the module docstring). */
export function readNotes(notes: string): NotesItem[] {
  const tokens = marked.lexer(notes.replace(/\r\n/g, '\n'));
  const items: Omit<NotesItem, 'position'>[] = [];
  let heading = '';
  let label = '';
  const under = () => [heading, label].filter(Boolean).join(' / ');
  const skipping = () => CREDITS_HEADING.test(heading) || CREDITS_HEADING.test(label);

  // `credits`: whether the item sits under a contributors or thanks heading, where it was read.
  const addItem = (markdown: string, group: string, credits = skipping()) => {
    const text = plain(markdown);
    if (text === '' || credits) return;
    items.push({
      text,
      markdown: markdown.replace(/\s+/g, ' ').trim(),
      heading: group,
      breaking: BREAKING_HEADING.test(group) || BREAKING_TEXT.test(markdown),
    });
  };
  const walkList = (list: Tokens.List, group: string) => {
    for (const item of list.items) {
      const own = ownText(item);
      const children = nestedLists(item);
      if (children.length > 0 && isLabel(own)) {
        const named = [group, plain(own).replace(/:$/, '')].filter(Boolean).join(' / ');
        for (const child of children) walkList(child, named);
      } else {
        const details = children.flatMap((c) => c.items.map((i) => ownText(i)));
        addItem([own, ...details].join(' '), group);
      }
    }
  };

  const paragraphs: { markdown: string; group: string; credits: boolean }[] = [];
  for (const token of tokens) {
    if (token.type === 'heading') {
      heading = plain((token as Tokens.Heading).text);
      label = '';
    } else if (token.type === 'paragraph') {
      const text = (token as Tokens.Paragraph).text;
      if (isLabel(text)) label = plain(text).replace(/:$/, '');
      else paragraphs.push({ markdown: text, group: under(), credits: skipping() });
    } else if (token.type === 'list') {
      walkList(token as Tokens.List, under());
    }
  }
  // Prose notes: each paragraph says one thing.
  if (items.length === 0) for (const p of paragraphs) addItem(p.markdown, p.group, p.credits);
  return items.map((item, position) => ({ ...item, position }));
}
