/**
 * What an imported release's notes lead with (docs/api.md#import-history-and-the-drafting-profile: title =
 * `title` or the notes' leading change, never the version), read from marked's tokens:
 * - the title: the first list item's or paragraph's text in plain words (Markdown, trailing references
 *   such as `(#12)` / `([abc1234](…))`, a leading `BUG #12:` or `scope:` and a GitHub `by @x in <url>`
 *   and reStructuredText roles taken off; its first sentence when it has several; a lower-case first
 *   word capitalized), at most 200 characters cut at a word
 *   boundary; null when the notes have no text;
 * - the category, kept simple: the first sub-heading or label (`### Fixed`, `Bug fixes:`) before that
 *   text, else the text's first word, decides: fixes → `fix`; additions, features → `feature`;
 *   changes, improvements, performance, removals → `improvement`; anything else (prose) → `announcement`.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import type { Category } from '../../../core/contract/entries.schema.ts';
import { plainText } from '../../../core/parse-changelog.ts';

export const MAX_TITLE = 200;

export type NotesLead = { title: string | null; category: Category };

const FIX =
  /\b(?:fix(?:e[sd])?|revert(?:s|ed)?|bug(?:s|fix(?:es)?)?|hotfix(?:es)?|patch(?:ed)?|security|regressions?)\b/i;
const FEATURE = /\b(?:adds?|added|new|features?|introduc\w*|support(?:s|ed)?|platform)\b/i;
const IMPROVEMENT =
  /\b(?:improv\w*|enhanc\w*|chang\w*|updat\w*|upgrad\w*|perf\w*|faster|speed\w*|optimi[sz]\w*|deprecat\w*|remov\w*|breaking|refactor\w*|reduc\w*)\b/i;

/** Headings that name no kind of change (GitHub's generated "What's Changed"): the text decides. */
const GENERIC =
  /^\W*(?:what['’]s changed|changes|changelog|release notes|notes|highlights|summary|overview)\W*$/i;

function classify(text: string): Category | null {
  if (GENERIC.test(text)) return null;
  if (FIX.test(text)) return 'fix';
  if (FEATURE.test(text)) return 'feature';
  if (IMPROVEMENT.test(text)) return 'improvement';
  return null;
}

/** A short paragraph ending with a colon (`Bug fixes:`, `**BREAKING CHANGES**:`) labels what follows. */
const isLabel = (text: string) => /:\s*$/.test(text) && text.trim().split(/\s+/).length <= 5;

/** The text of a list item without its nested lists. */
const itemText = (item: Tokens.ListItem) => plainText(item.tokens.filter((t) => t.type !== 'list'));

/** The first label and the first text of the notes, in document order. */
function firstBlocks(tokens: readonly Token[]): { label: string | null; text: string | null } {
  let label: string | null = null;
  for (const t of tokens) {
    if (t.type === 'heading') {
      label ??= plainText((t as Tokens.Heading).tokens);
      continue;
    }
    const text =
      t.type === 'paragraph'
        ? plainText((t as Tokens.Paragraph).tokens)
        : t.type === 'list'
          ? itemText((t as Tokens.List).items[0]!)
          : t.type === 'blockquote'
            ? firstBlocks((t as Tokens.Blockquote).tokens).text
            : null;
    if (text === null || text.trim() === '') continue;
    if (t.type === 'paragraph' && isLabel(text)) {
      label ??= text;
      continue;
    }
    return { label, text };
  }
  return { label, text: null };
}

/** `text` in plain words, as a title: one line, without references, at most {@link MAX_TITLE}. */
export function titleFromText(text: string): string | null {
  let words = text
    .replace(/\s+/g, ' ')
    .trim()
    // GitHub's generated notes: "Fix x by @someone in https://github.com/o/r/pull/1".
    .replace(/\s+by @[\w-]+(?:\[bot\])? in https?:\/\/\S+$/i, '')
    // A leading reference list (`BUG #3194:`, `#12, #13:`) or conventional scope (`deps:`).
    .replace(/^(?:(?:[A-Za-z]+ )?#\d+[,\s]*)+:\s*/, '')
    .replace(/^[\w./@-]{1,30}:\s+(?=\S)/, '');
  // Trailing references: `(#12)`, `(abc1234)`, `, closes #12`, as often as they are stacked.
  for (let before = ''; before !== words;) {
    before = words;
    words = words
      .replace(/\.$/, '')
      .replace(/\s*\((?:#\d+|[0-9a-f]{7,40})(?:,\s*(?:#\d+|[0-9a-f]{7,40}))*\)\s*$/i, '')
      .replace(/,?\s*(?:closes|fixes)\s+#\d+(?:\s*,?\s*#\d+)*\s*$/i, '')
      // reStructuredText roles: `:issue:`1495``, `:pr:`1151``.
      .replace(/\s*(?::[a-z]+:\S+[,\s]*)+$/, '')
      .trim();
  }
  // The first sentence of several, when it says something on its own.
  const sentence = /^(.+?[.!?])\s+(?=[A-Z])/.exec(words)?.[1];
  if (sentence && sentence.split(' ').length >= 3) words = sentence;
  words = words.replace(/\.$/, '').trim();
  if (!/[\p{L}\p{N}]/u.test(words)) return null;
  // `add x` → `Add x`; a code name (`urlHandlingStrategy`) keeps its case.
  if (/^[a-z]+(?:\s|$)/.test(words)) words = words[0]!.toUpperCase() + words.slice(1);
  if ([...words].length <= MAX_TITLE) return words;
  const cut = words.slice(0, MAX_TITLE - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_TITLE / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What `markdown` leads with; the renderer's worker reads it from its own tokens ({@link leadOfTokens}). */
export function leadOfNotes(markdown: string): NotesLead {
  return leadOfTokens(Lexer.lex(markdown, { gfm: true }));
}

/** What notes lead with, from their tokens as marked lexed them (GitHub-flavoured). */
export function leadOfTokens(tokens: readonly Token[]): NotesLead {
  const { label, text } = firstBlocks(tokens);
  const firstWord = text?.trim().split(/\s+/)[0] ?? '';
  const category = (label ? classify(label) : null) ?? classify(firstWord) ?? 'announcement';
  return { title: text === null ? null : titleFromText(text), category };
}
