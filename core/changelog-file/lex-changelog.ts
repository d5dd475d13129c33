/**
 * A changelog's top-level Markdown tokens with where each lies in the file, so that writing a release
 * changes only the bytes of that release (docs/github-action.md "CHANGELOG.md in its own format"). The
 * tokens are marked's, the lexer the import reads the changelog with (core/parse-changelog.ts): the
 * writer and the import agree on where a release's section begins and ends.
 *
 * marked reads `\r\n` as `\n`; the offsets here are the file's own (a CRLF file's included), found by
 * walking the tokens' source text (`raw`), which for top-level tokens covers the (normalized) file
 * end to end. Pure.
 */
import { Lexer, type Token } from 'marked';

/** A top-level token and its `[start, end)` in the file as given (UTF-16 offsets). */
export type PlacedToken = { token: Token; start: number; end: number };

export type LexedChangelog = {
  tokens: PlacedToken[];
  /** The file's line ending: `\r\n` when its first line ends so, else `\n`. */
  eol: '\n' | '\r\n';
};

/** Offsets of the normalized text (each `\r\n` read as one `\n`) → offsets of `text`. */
function offsetMap(text: string): (normalized: number) => number {
  const crlfEnds: number[] = [];
  let removed = 0;
  for (let i = text.indexOf('\r\n'); i !== -1; i = text.indexOf('\r\n', i + 2)) {
    // The `\n` of this pair sits at normalized offset i - removed.
    crlfEnds.push(i - removed);
    removed += 1;
  }
  return (n) => {
    let lo = 0;
    let hi = crlfEnds.length;
    // Pairs wholly before n: each adds one byte.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (crlfEnds[mid]! < n) lo = mid + 1;
      else hi = mid;
    }
    return n + lo;
  };
}

/** @returns the top-level tokens of `markdown` with their offsets in it, and its line ending. */
export function lexChangelog(markdown: string): LexedChangelog {
  const tokens = Lexer.lex(markdown, { gfm: true });
  const at = offsetMap(markdown);
  const placed: PlacedToken[] = [];
  let offset = 0;
  for (const token of tokens) {
    const next = offset + token.raw.length;
    placed.push({ token, start: at(offset), end: at(next) });
    offset = next;
  }
  return { tokens: placed, eol: /^[^\n]*\r\n/.test(markdown) ? '\r\n' : '\n' };
}

/** The end of `placed` in `text`, without the line breaks and spaces that trail it. */
export function trimmedEnd(text: string, placed: PlacedToken): number {
  let end = placed.end;
  while (end > placed.start && /\s/.test(text[end - 1]!)) end -= 1;
  return end;
}
