/**
 * Backslash escapes a changelog's notes do not need, taken out before they are written into the file
 * (docs/github-action.md "CHANGELOG.md in its own format"). A draft escapes defensively: the drafter
 * writes commit text as `https:\/\/…`, `\[BC\]`, `C:\\dir` (core/drafting/render/render-draft.ts
 * `escapeText`), other Markdown writers escape `_`, `*`, `#` and `:` wherever they might mean something.
 * A file written by hand escapes only where the Markdown needs it, so an escape is kept only where
 * taking it out would change what the notes show, or where the file itself escapes that character.
 *
 * "What the notes show" is GitHub-flavoured Markdown rendered by marked, but for its autolink literals:
 * a bare `https://…` or `www.…` reads the same whether GitHub links it or not, and a changelog writes
 * its URLs bare. Links written as links, emphasis, code, HTML and definitions all count, and the
 * file's reference definitions are given to the check (`[foo]` is a link in a file that defines
 * `[foo]:`). Pure.
 */
import { Marked } from 'marked';

/** GFM without autolink literals (the `url` tokenizer finds nothing, so a URL stays text). */
const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({ tokenizer: { url: () => undefined } });

/** Escapes tried one by one at the most, where taking all out at once changes the notes. */
const MAX_TRIES = 64;

/** A backslash escape: the backslash, then ASCII punctuation (CommonMark §2.4). */
const isEscapable = (c: string | undefined) => c !== undefined && /[!-/:-@[-`{-~]/.test(c);

/** The offsets of the backslashes that escape a character outside `keep`, left to right. */
function escapesIn(text: string, keep: ReadonlySet<string>): number[] {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\' || !isEscapable(text[i + 1])) continue;
    if (!keep.has(text[i + 1]!)) found.push(i);
    i += 1; // the escaped character is not itself a backslash that escapes
  }
  return found;
}

const without = (text: string, offsets: readonly number[]) => {
  const drop = new Set(offsets);
  return Array.from(text, (c, i) => (drop.has(i) ? '' : c)).join('');
};

/**
 * @param markdown a block of notes (an item with what nests under it, a paragraph).
 * @param keep the characters the file escapes itself: their escapes stay.
 * @param labels the file's reference definition labels, lowercased.
 * @returns `markdown` without the escapes it does not need.
 */
export function dropNeedlessEscapes(
  markdown: string,
  keep: ReadonlySet<string> = new Set(),
  labels: readonly string[] = [],
): string {
  const offsets = escapesIn(markdown, keep);
  if (offsets.length === 0) return markdown;
  const all = without(markdown, offsets);
  // The labels it could name once unescaped (`\[foo\]` names `foo`), defined as the file defines them.
  const lower = all.toLowerCase();
  const definitions = labels
    .filter((label) => lower.includes(`[${label}]`))
    .map((label) => `\n\n[${label}]: #`)
    .join('');
  const show = (text: string) => marked.parse(`${text}${definitions}`) as string;
  const shown = show(markdown);
  if (show(all) === shown) return all;
  // Some are needed: from the right (so offsets to the left stay where they are), each taken out
  // when the notes still show the same; `Box\<T\>` keeps the first (`<T>` would be HTML).
  let text = markdown;
  for (const offset of offsets.slice(-MAX_TRIES).reverse()) {
    const tried = without(text, [offset]);
    if (show(tried) === shown) text = tried;
  }
  return text;
}
