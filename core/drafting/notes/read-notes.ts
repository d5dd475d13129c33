/**
 * One release's notes, as its maintainers wrote them, read into items: the one reader of notes, so
 * that the drafting profile learns from the items the evaluation scores drafts against and the
 * profile's replay checks it with (docs/drafting.md, "The drafting profile").
 *
 * From a Markdown or reStructuredText section (the line grammar: scan-notes.ts):
 * - every list item (`-`, `*`, `+`, `•`, `1.`, `1)`) is an item, its continuation lines joined into
 *   one line; a nested list item is part of its parent's text, unless the parent only names a group
 *   (`Fixes:`, `**Breaking changes**`, `Bug fixes and improvements`: group-labels.ts): then each child
 *   is an item under that name;
 * - headings (ATX `#`, setext and RST underlines) name the items that follow; a line outside lists that
 *   is only bold text or a short line ending in `:` names a group within that heading (`Fixed /
 *   Performance`);
 * - fenced code, RST directives (`.. code-block::`) and what they indent, link reference definitions
 *   (`[#12]: https://…`) and HTML comments are never an item nor part of one;
 * - not items: paragraphs beside lists, `Full changelog` and `New contributors` lines, everything under
 *   a contributors, thanks, acknowledgements or credits heading, and items with nothing to match on
 *   (no content word and no reference by the evaluation's matcher: a list of @handles, a bare `Fixes`);
 * - notes with no list item left (a few sentences of prose): one item per paragraph, by the same rules;
 * - `breaking`: under a heading naming breaking or incompatible changes, or written as one
 *   (`BREAKING:`, `Breaking change -`, `[breaking]`, `**Breaking**`, `*Breaking:*`), or saying it "is a
 *   breaking change" (in a nested detail, as jq's notes do); `Breaking news banner` is not;
 * - `leading`: what a release's title may name: the first 3 items, every breaking item, and every item
 *   under a heading naming breaking changes, highlights, major or notable changes.
 */
import { contentWords, refsOf } from './item-words.ts';
import { plainMarkdown } from './plain-markdown.ts';
import { type ScannedText, scanNotes } from './scan-notes.ts';

export type NotesItem = {
  /** Position among the release's items, from 0. */
  position: number;
  /** The item as written (Markdown), its lines and nested details joined with a space. */
  markdown: string;
  /** The item's text, plain (plain-markdown.ts: Markdown marks and links' targets removed), one line. */
  text: string;
  /** The heading(s) and group labels it sits under, plain, joined with ` / `; '' at the top. */
  heading: string;
  leading: boolean;
  breaking: boolean;
};

const CREDITS_HEADING = /contributor|thank|acknowledg|full changelog|(?:^|\/ )credits?$/i;
const CREDITS_ITEM = /^\s*(?:\*\*)?(?:full changelog|new contributors)\b/i;
const LEADING_HEADING = /breaking|highlight|major|notable/i;
const BREAKING_HEADING = /breaking|incompatib/i;
const BREAKING_TEXT = new RegExp(
  String.raw`^\s*(?:\[breaking(?:[ -]changes?)?\]|(?:\*\*|__|\*|_)breaking\b|breaking(?:[ -]changes?)?\s*[:!-])` +
    String.raw`|\b(?:is|are) a breaking change\b`,
  'i',
);
/** How many of the first items lead: a title names one of the first few whatever the headings. */
const FIRST_LEADING = 3;

/** Whether `found` is a change: not a credit, and with something to match on. */
function isChange(found: ScannedText): boolean {
  if (CREDITS_HEADING.test(found.heading) || CREDITS_ITEM.test(found.markdown)) return false;
  return contentWords(found.markdown).size > 0 || refsOf(found.markdown).size > 0;
}

/** The items of `notes`, in order (rules in the module docstring). Never throws; '' gives []. */
export function readNotes(notes: string): NotesItem[] {
  const { items, paragraphs } = scanNotes(notes);
  const listed = items.filter(isChange);
  // Prose notes: each paragraph says one thing.
  const found = listed.length > 0 ? listed : paragraphs.filter(isChange);
  return found.map(({ markdown, heading }, position) => {
    const breaking = BREAKING_HEADING.test(heading) || BREAKING_TEXT.test(markdown);
    return {
      position,
      markdown,
      text: plainMarkdown(markdown),
      heading,
      // A breaking change is news wherever it is listed: a title may name it.
      leading: position < FIRST_LEADING || breaking || LEADING_HEADING.test(heading),
      breaking,
    };
  });
}
