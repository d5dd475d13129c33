/**
 * The line grammar of release notes (notes items, read-notes.ts, has the rules): one pass over a
 * Markdown or reStructuredText section that finds its list items, with the heading and group label
 * each sits under, and its paragraphs outside lists. Line-based, not a Markdown parser: it has to read
 * RST's underlined headings and directives as well as Markdown's `#` headings and fences.
 */
import { headingText } from './plain-markdown.ts';
import { isGroupLabel, isLabelLine } from './group-labels.ts';

/** A list item or a paragraph as written, its lines joined with a space, and where it sits. */
export type ScannedText = { markdown: string; heading: string };

const BULLET = /^(\s*)([-*+•]|\d{1,3}[.)])\s+(.*)$/;
const ATX = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const UNDERLINE = /^([=\-~^"'`*+#])\1{2,}\s*$/;
const LINK_DEF = /^\s*\[[^\]]+\]:\s*\S+/;
const COMMENT = /^\s*<!--.*-->\s*$/;
const FENCE = /^\s*(```+|~~~+)/;
const DIRECTIVE = /^\s*\.\.\s+[\w-]+::|^\s*\.\.\s*$/;

/** A list item still open: its text so far, whether it only names a group (null: not known yet). */
type Open = { indent: number; parts: string[]; heading: string; label: boolean | null; item: boolean };

class Scanner {
  readonly items: ScannedText[] = [];
  readonly paragraphs: ScannedText[] = [];
  heading = '';
  label = '';
  stack: Open[] = [];
  blank = false;
  paragraph: string[] = [];

  /** The heading and group label of what follows, joined with ` / `. */
  under(): string {
    return [this.heading, this.label].filter(Boolean).join(' / ');
  }

  /** Ends the list items from depth `from` on (0: every open one). */
  close(from = 0): void {
    for (const open of this.stack.slice(from))
      if (open.item) this.items.push({ markdown: open.parts.join(' ').trim(), heading: open.heading });
    this.stack = this.stack.slice(0, from);
  }

  endParagraph(): void {
    if (this.paragraph.length > 0)
      this.paragraphs.push({ markdown: this.paragraph.join(' '), heading: this.under() });
    this.paragraph = [];
  }

  /** A heading (`level`: section) or a group label line: it ends every list and paragraph. */
  name(text: string, level: 'section' | 'label'): void {
    this.close();
    this.endParagraph();
    if (level === 'section') [this.heading, this.label] = [headingText(text), ''];
    else this.label = headingText(text);
    this.blank = false;
  }

  bullet(indent: number, text: string): void {
    this.endParagraph();
    // Close the items this one is not nested in.
    let depth = this.stack.length;
    while (depth > 0 && this.stack[depth - 1]!.indent >= indent) depth--;
    this.close(depth);
    const parent = this.stack[depth - 1];
    this.blank = false;
    if (parent) {
      parent.label ??= isGroupLabel(parent.parts.join(' '));
      if (parent.label) parent.item = false;
      else {
        // A detail of its parent: part of the parent's text, not an item.
        this.stack.push({ indent, parts: parent.parts, heading: parent.heading, label: false, item: false });
        parent.parts.push(text);
        return;
      }
    }
    const group = parent?.label ? headingText(parent.parts.join(' ')) : '';
    const heading = [parent?.heading ?? this.under(), group].filter(Boolean).join(' / ');
    this.stack.push({ indent, parts: [text], heading, label: null, item: true });
  }

  /** A line that is neither a heading nor a bullet: a list item's continuation, a label, or prose. */
  text(line: string, indent: number): void {
    const stack = this.stack;
    if (stack.length > 0 && (!this.blank || indent > stack[0]!.indent)) {
      let depth = stack.length;
      if (this.blank) while (depth > 1 && stack[depth - 1]!.indent >= indent) depth--;
      const owner = stack[depth - 1]!;
      this.close(depth);
      owner.parts.push(line.trim());
    } else if (indent === 0 && isLabelLine(line)) {
      return this.name(line, 'label');
    } else {
      this.close(); // a paragraph ends any list before it
      if (this.blank) this.endParagraph();
      this.paragraph.push(line.trim());
    }
    this.blank = false;
  }
}

/** The list items and the paragraphs outside lists of `notes`, in order. */
export function scanNotes(notes: string): { items: ScannedText[]; paragraphs: ScannedText[] } {
  const lines = notes.replace(/\r\n/g, '\n').replace(/\t/g, '    ').split('\n');
  const s = new Scanner();
  let fence: string | null = null;
  let directiveIndent: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== null || fenceMark) {
      s.endParagraph();
      if (fence === null) fence = fenceMark![0]!;
      else if (fenceMark && fenceMark[0] === fence) fence = null;
      continue;
    }
    if (line.trim() === '') {
      s.endParagraph();
      s.blank = true;
      continue;
    }
    // RST directives (`.. code-block:: python`, `.. note::`) and what they indent.
    if (directiveIndent !== null && indent > directiveIndent) continue;
    directiveIndent = null;
    if (DIRECTIVE.test(line)) directiveIndent = indent;
    if (DIRECTIVE.test(line) || LINK_DEF.test(line) || COMMENT.test(line)) continue;

    const next = lines[i + 1];
    const bullet = BULLET.exec(line);
    const atx = ATX.exec(line);
    if (indent === 0 && next !== undefined && UNDERLINE.test(next) && !bullet) {
      s.name(line, 'section');
      i++;
    } else if (atx) s.name(atx[1]!, 'section');
    else if (bullet) s.bullet(bullet[1]!.length, bullet[3]!);
    else s.text(line, indent);
  }
  s.close();
  s.endParagraph();
  return { items: s.items, paragraphs: s.paragraphs };
}
