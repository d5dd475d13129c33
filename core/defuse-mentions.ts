/**
 * Text from commits and pull requests in a comment that GitHub renders: it must not notify anyone, and
 * a title must not become markup. GitHub turns `@name` and `@org/team` into mentions wherever they end
 * up as text once the Markdown is rendered (not in code), so:
 * - `defuseMentions` puts a zero-width space after every `@` (or `&#64;`, `&#x40;`, `&commat;`) that
 *   starts a name, except inside real code spans and code blocks, found by a CommonMark + GFM parser
 *   (micromark, which passes the CommonMark spec; GitHub's cmark-gfm does too), so no arrangement of
 *   backticks, tables or lists can make text that GitHub renders look like code here. An `@` after a
 *   letter or digit in a plain address (`ops@example.com`) is left alone: GitHub reads no mention there.
 * - `escapeMarkdownText` makes plain text (a title) Markdown that shows exactly that text: every ASCII
 *   punctuation character backslash-escaped (CommonMark §2.4), so no HTML, image, link, autolink,
 *   emphasis or code span can come of it.
 */
import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';

const CODE = new Set(['codeText', 'codeFenced', 'codeIndented']);
const AT = /@|&#0*64;|&#[xX]0*40;|&commat;/;
const MENTION = new RegExp(`(${AT.source})(?=[A-Za-z0-9])`, 'g');
/** A token that is not one plain address: a second `@`, or a URL (autolinks end where text resumes). */
const NOT_AN_ADDRESS = new RegExp(`${AT.source}|:\\/\\/|www\\.`, 'i');

/** `[start, end)` of every code span and code block of `markdown`, as GFM parses it. */
function codeRanges(markdown: string): [number, number][] {
  const chunks = preprocess()(markdown, undefined, true);
  const events = postprocess(
    parse({ extensions: [gfm()] })
      .document()
      .write(chunks),
  );
  const ranges: [number, number][] = [];
  for (const [kind, token] of events) {
    if (kind === 'enter' && CODE.has(token.type)) ranges.push([token.start.offset, token.end.offset]);
  }
  return ranges;
}

/**
 * A zero-width space after each `@` that starts a name, unless it follows a letter or digit in a token
 * that is one plain address (`ops@example.com`): GitHub reads `@` after a word character as no mention,
 * but a token such as `a@b.c@team` renders as an autolinked address followed by text `@team`.
 */
function defuseText(text: string): string {
  return text.replace(MENTION, (at: string, _: string, index: number) => {
    if (index === 0 || !/[A-Za-z0-9]/.test(text[index - 1]!)) return `${at}\u200b`;
    const token = text.slice(0, index).split(/\s/).at(-1)!;
    return NOT_AN_ADDRESS.test(token) ? `${at}\u200b` : at;
  });
}

/** `markdown` with every mention outside code defused (a zero-width space after its `@`). */
export function defuseMentions(markdown: string): string {
  let out = '';
  let at = 0;
  for (const [start, end] of codeRanges(markdown)) {
    if (start < at) continue;
    out += defuseText(markdown.slice(at, start)) + markdown.slice(start, end);
    at = end;
  }
  return out + defuseText(markdown.slice(at));
}

/** Plain text as Markdown that shows exactly it, on one line: no markup can come of it. */
export function escapeMarkdownText(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** `text` as one inline code span, whatever backticks it holds (CommonMark §6.1). */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // CommonMark strips one space from each end of a span that has both: a pad keeps the text exact.
  const pad = /^[ `]|[ `]$/.test(flat) && flat.trim() !== '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
