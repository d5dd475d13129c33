/**
 * reStructuredText inline markup → Markdown, for the changelog converter (convert-rst-changelog.ts),
 * as the reStructuredText Markup Specification, "Inline Markup", recognizes it: a start-string after
 * whitespace, the text's start or an opening punctuation mark, followed by a non-space; an end-string
 * after a non-space, followed by whitespace, punctuation or the end. Markup does not nest.
 *
 * - ``` ``literal`` ``` → a code span;
 * - `` `text <https://…>`_ `` (and `__`) → `[text](https://…)`; `` `text`_ `` and `text_` → a link when
 *   the document defines the target (collect-rst-targets.ts), else the text;
 * - roles (`` :issue:`123` ``, `` :func:`run` ``, …) → what they show (read-rst-role.ts);
 * - `` `text` `` without a role (the default role, which Sphinx projects set to code) → a code span;
 * - `*emphasis*` and `**strong**` as they are;
 * - the rest is text: escaped where Markdown would read markup the reStructuredText has not
 *   (`2*3*4`, `__init__`, `<hide>`), backslash escapes as the specification reads them.
 *
 * Line breaks stay. Pure.
 */
import { normalizeRstName } from './collect-rst-targets.ts';
import { readRstRole, type RoleText } from './read-rst-role.ts';

/** After an end-string: whitespace, the end, or punctuation. */
const END = String.raw`(?=$|[\s\-.,:;!?\\/'")\]}>])`;
const sticky = (source: string) => new RegExp(source + END, 'y');
const LITERAL = sticky(String.raw`\`\`(\S(?:[\s\S]*?\S)?)\`\``);
const ROLE_FIRST = sticky(String.raw`:([A-Za-z0-9](?:[\w.+:-]*[A-Za-z0-9])?):\`((?:[^\`\\]|\\[\s\S])+?)\``);
const INTERPRETED = sticky(String.raw`\`((?:[^\`\\]|\\[\s\S])+?)\`(?::([A-Za-z0-9][\w.+:-]*?):|(__?))?`);
const STRONG = sticky(String.raw`\*\*(\S(?:[\s\S]*?\S)?)\*\*`);
const EMPHASIS = sticky(String.raw`\*(\S(?:[\s\S]*?\S)?)\*`);
/**
 * The markup whose text may run to the paragraph's end, with the length of its start-string. Whether
 * an end-string is one does not depend on where the markup started, so once a start-string followed by
 * a non-space finds none, none after it will: a later one is not searched again (else a paragraph of
 * unclosed ``` `` ``` would cost its length squared).
 */
const UNBOUNDED = new Map([
  [LITERAL, 2],
  [STRONG, 2],
  [EMPHASIS, 1],
]);
const SIMPLE_REFERENCE = sticky(String.raw`([A-Za-z0-9](?:[A-Za-z0-9]|[-_.+:](?=[A-Za-z0-9]))*)(__?)`);
const URL = /(?:https?|ftp):\/\/[^\s<>`]*[^\s<>`.,;:!?'")\]]/y;

/** A Markdown code span of `text`, fenced past the backticks it holds. */
export function codeSpan(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  const run = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(run + 1);
  const pad = /^`|`$/.test(flat) || /^ .*\S.* $/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

const isWord = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Plain text as Markdown: what Markdown would read as markup escaped, `\` read as in RST. */
export function escapePlain(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '\\') {
      i += 1;
      if (next === undefined || /\s/.test(next)) continue;
      out += isWord(next) ? next : `\\${next}`;
    } else if (ch === '*' || ch === '`') out += `\\${ch}`;
    else if (ch === '_' && !(isWord(text[i - 1]) && isWord(next))) out += '\\_';
    else if (ch === '<' && next !== undefined && /[A-Za-z/!?]/.test(next)) out += '\\<';
    else out += ch;
  }
  return out;
}

/** A Markdown link; the text escaped, the URL in `<…>` when it holds spaces or parentheses. */
function link(text: string, url: string): string {
  const label = escapePlain(text).replace(/[[\]]/g, '\\$&');
  return `[${label}](${/[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url})`;
}

const unescape = (text: string) => text.replace(/\\(\s)/g, '').replace(/\\([\s\S])/g, '$1');

function renderRole({ kind, text }: RoleText): string {
  if (kind === 'code') return codeSpan(text);
  if (kind === 'emphasis') return `*${escapePlain(text)}*`;
  if (kind === 'strong') return `**${escapePlain(text)}**`;
  return escapePlain(text);
}

/** `` `text <uri>`_ ``, `` `text`_ ``, `` `<uri>`_ ``: a link when the target is known, else the text. */
function renderReference(content: string, targets: ReadonlyMap<string, string>): string {
  const embedded = /^([\s\S]*?)\s*<((?:[^<>\\]|\\[\s\S])+)>$/.exec(content);
  const text = unescape(embedded ? embedded[1]! : content);
  let uri = embedded ? embedded[2]!.replace(/\s+/g, '') : targets.get(normalizeRstName(text));
  const alias = uri && /^`?([^`]+?)`?_$/.exec(uri);
  if (alias) uri = targets.get(normalizeRstName(alias[1]!));
  if (!uri) return escapePlain(text);
  return link(text === '' ? uri : text, uri);
}

type Scan = {
  text: string;
  at: number;
  targets: ReadonlyMap<string, string>;
  /** Per unbounded markup, the first start-string found without an end. */
  endless: Map<RegExp, number>;
};
/** The Markdown of the markup that starts at `at`, and where it ends; null when none starts there. */
function markupAt({ text, at, targets, endless }: Scan): [string, number] | null {
  const match = (re: RegExp) => {
    if (at > (endless.get(re) ?? Infinity)) return null;
    re.lastIndex = at;
    const found = re.exec(text);
    const start = UNBOUNDED.get(re);
    // Only a start-string followed by a non-space was searched to the end.
    if (!found && start !== undefined && /\S/.test(text[at + start] ?? ' ')) {
      const opens = text.startsWith(re === LITERAL ? '``' : re === STRONG ? '**' : '*', at);
      if (opens) endless.set(re, Math.min(endless.get(re) ?? Infinity, at));
    }
    return found;
  };
  let m: RegExpExecArray | null;
  if ((m = match(LITERAL))) return [codeSpan(m[1]!), LITERAL.lastIndex];
  if ((m = match(ROLE_FIRST))) return [renderRole(readRstRole(m[1]!, unescape(m[2]!))), ROLE_FIRST.lastIndex];
  if ((m = match(INTERPRETED)) && /^\S/.test(m[1]!) && /\S$/.test(m[1]!)) {
    if (m[3]) return [renderReference(m[1]!, targets), INTERPRETED.lastIndex];
    const role = m[2] ? readRstRole(m[2], unescape(m[1]!)) : { kind: 'code' as const, text: m[1]! };
    return [renderRole(role), INTERPRETED.lastIndex];
  }
  if ((m = match(STRONG))) return [`**${escapePlain(m[1]!)}**`, STRONG.lastIndex];
  if ((m = match(EMPHASIS))) return [`*${escapePlain(m[1]!)}*`, EMPHASIS.lastIndex];
  if ((m = match(URL))) return [m[0], URL.lastIndex];
  if ((m = match(SIMPLE_REFERENCE))) return [renderReference(m[1]!, targets), SIMPLE_REFERENCE.lastIndex];
  return null;
}

/**
 * @param text a paragraph's (or title's) source, its lines joined by `\n`.
 * @param targets the document's hyperlink targets (collect-rst-targets.ts).
 */
export function convertRstInline(text: string, targets: ReadonlyMap<string, string>): string {
  let out = '';
  let plain = '';
  let at = 0;
  const endless = new Map<RegExp, number>();
  while (at < text.length) {
    const before = text[at - 1];
    const found =
      before === undefined || /[\s\-:/'"<([{]/.test(before) ? markupAt({ text, at, targets, endless }) : null;
    if (found) {
      out += escapePlain(plain) + found[0];
      plain = '';
      at = found[1];
    } else {
      // An escape is taken whole, so that `\*` never starts markup.
      const step = text[at] === '\\' ? 2 : 1;
      plain += text.slice(at, at + step);
      at += step;
    }
  }
  return out + escapePlain(plain);
}
