/**
 * Release-notes items and the rule that says whether a drafted item and a maintainer's item are the
 * same change (bench/eval/MATCHER.md has the reasoning and a hand check of the rule).
 *
 * Notes items (`notesItems`), from a Markdown or reStructuredText changelog section:
 * - every list item (`-`, `*`, `+`, `1.`, `1)`), its continuation lines joined into one line;
 * - a nested list item is part of its parent's text, unless the parent is a heading-like label
 *   (`Fixes and improvements`, `Breaking changes:`): then the label is not an item and each child is;
 * - headings (ATX `#`, setext/RST underlines, a line that is only bold text, a short line ending in
 *   `:`) are not items; they are the items' `heading`. Paragraphs outside lists, fenced code, RST
 *   directives, link reference definitions (`[#12]: https://…`), `Full changelog` lines and
 *   everything under a contributors / `New contributors` / thanks heading are not items either;
 * - `leading`: the first 3 items, every item under a heading naming breaking changes, highlights,
 *   major or notable changes, and every breaking item;
 * - `breaking`: under a heading containing `breaking`, `backwards incompatible` or `incompatible`, or
 *   the text starts with `BREAKING`, `[BREAKING]`, `**Breaking**` or `*Breaking:*`, or says it "is a
 *   breaking change" (jq's notes flag them in a sub-bullet).
 *
 * Matching (`itemsMatch`, `similarity`): two items are the same change when
 * 1. they cite a common pull request or issue number (`#123`, `GH-123`, `…/pull/123`, `…/issues/123`,
 *    `[BUG #123]`, RST/MyST roles `:pr:\`123\``, `{issue}\`123\``); GitHub numbers issues and pull
 *    requests from one sequence, so a shared number is the same thread; or else
 * 2. their content words overlap enough, A and B being the two items' sets of content words:
 *    - Dice = 2·|A∩B| / (|A|+|B|) ≥ 0.5 with at least 2 shared words (one shared word is coincidence:
 *      `windows`, `help`), or
 *    - Dice ≥ 2/3 (two short items: `Refresh translations` and `Refresh (German) translations`), or
 *    - at least 3 shared words making ≥ 75% of the smaller set (a pull-request title inside a long
 *      prose item: `Add retry option to the client` inside a three-line notes entry).
 *    Content words: a leading one-word area label (`**parser**: `, `fix(cli): `, `Security: `:
 *    it says where, not what), Markdown, roles, links, URLs, references, @mentions and commit hashes
 *    removed; lower case; version numbers (`3.8`, `1.2.0`) kept whole, other text split at anything
 *    that is not a letter, digit or `_` (`snake_case` stays one word); stop words, change verbs that
 *    every item carries (fix, add, support, allow, update, improve, change, make, ensure…) and
 *    one-character tokens dropped; light stemming (plural `s`/`ies`, `ed`, `ing`, final `e`).
 *
 * Two drafted items are near-duplicates (`isNearDuplicate`) when they cite a common number or their
 * Dice is ≥ 0.8: between items of similar length, 0.5 would call `Add Foo to the default file types`
 * and `Add Bar file types` the same.
 *
 * A drafted item can match several notes items; scoring (`score-drafts.ts`) pairs each drafted item
 * with its best match only: a shared reference first, then the highest Dice, then the earlier notes
 * item.
 */

export type NotesItem = {
  /** Position in the notes, from 0. */
  index: number;
  /** The item as written, continuation lines joined with a space. */
  raw: string;
  /** The enclosing heading(s) and label, joined with ` / `; empty at the top of the section. */
  heading: string;
  leading: boolean;
  breaking: boolean;
};

/** Word-match thresholds (module docstring; MATCHER.md has the hand check they come from). */
export const DICE_MIN = 0.5;
export const SHARED_MIN = 2;
export const DICE_SHORT = 2 / 3;
export const CONTAINED_SHARED = 3;
export const CONTAINED_MIN = 0.75;
export const NEAR_DUPLICATE_DICE = 0.8;

const REF_PATTERNS: RegExp[] = [
  /(?<![\w&/])#(\d{1,6})\b/g,
  /\bGH-(\d{1,6})\b/gi,
  /\/(?:pull|issues|pulls)\/(\d{1,6})\b/g,
];
/** `:issue:\`12\``, `:pr:\`12,14\``, `{pr}\`12\`` (Sphinx / MyST roles used by Pallets projects). */
const ROLE_REF = /(?::(?:issue|pr|pull|gh):|\{(?:issue|pr|pull|gh)\})`([\d,\s]+)`/gi;

/** The pull request / issue numbers an item cites. */
export function refsOf(text: string): Set<string> {
  const refs = new Set<string>();
  for (const pattern of REF_PATTERNS) for (const m of text.matchAll(pattern)) refs.add(String(Number(m[1])));
  for (const m of text.matchAll(ROLE_REF))
    for (const n of m[1]!.split(/[,\s]+/).filter(Boolean)) refs.add(String(Number(n)));
  return refs;
}

const STOP = new Set(
  (
    'a an the and or nor of to in on for with by from as at is are was were be been being it its this that ' +
    'these those when whenever if not no now new can cannot will would should could may might into onto than ' +
    'then so but also only all any some more most less other such via which who whom what where how there ' +
    'their they them we our us you your he she his her do does did done doing has have had having use uses ' +
    'used using instead after before about up out over under again just very too each per both same own ' +
    'because while between eg ie etc see like within without still even yet already well get gets got ' +
    'fix fixed fixes fixing bug bugs bugfix bugfixes add added adds adding support supports supported ' +
    'supporting allow allows allowed allowing update updated updates updating improve improved improves ' +
    'improving improvement improvements change changed changes changing make makes made making ensure ' +
    'ensures ensured correct correctly properly issue issues pr prs thanks thank'
  ).split(' '),
);

/** Light stemming, enough to meet `handles`/`handled`/`handling` and `entries`/`entry`. */
export function stem(word: string): string {
  let w = word;
  if (/^\d/.test(w) || w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/**
 * An area label before the text (`**parser**: `, `printer: `, `feat(cli)!: `, `Security: `): it
 * says where, not what, and two changes in one area are not the same change.
 */
const AREA_PREFIX = /^\s*(?:\*\*|__|`)?[\w./-]{1,30}(?:\([^)]{0,40}\))?!?(?:\*\*|__|`)?\s*:(?:\*\*|__)?\s+/;

/** Item text with Markdown, roles, links, references, mentions and hashes removed. */
export function plainText(text: string): string {
  return text
    .replace(AREA_PREFIX, '')
    .replace(ROLE_REF, ' ')
    .replace(/:[a-z]+:`([^`]*)`|\{[a-z]+\}`([^`]*)`/gi, ' $1$2 ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<https?:[^>]*>|https?:\/\/\S+/g, ' ')
    .replace(/(?<![\w&])#\d+\b|\bGH-\d+\b/gi, ' ')
    .replace(/(?:\bby\s+)?(?<![\w.])@[A-Za-z][\w-]*(?:\[bot\])?/g, ' ')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/\\(.)/g, '$1')
    .replace(/`+/g, ' ')
    .replace(/(?<![\p{L}\p{N}])[*_~]{1,3}|[*_~]{1,3}(?![\p{L}\p{N}])/gu, ' ')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Content words (stems) of an item, per the rule in the module docstring. */
export function contentWords(text: string): Set<string> {
  const plain = plainText(text).toLowerCase();
  const words = new Set<string>();
  const versions = plain.match(/\bv?\d+(?:\.\d+)+\b/g) ?? [];
  for (const v of versions) words.add(v.replace(/^v/, ''));
  const rest = plain.replace(/\bv?\d+(?:\.\d+)+\b/g, ' ');
  for (const token of rest.split(/[^\p{L}\p{N}_]+/u)) {
    const t = token.replace(/^_+|_+$/g, '');
    if (t.length < 2 || STOP.has(t)) continue;
    words.add(stem(t));
  }
  return words;
}

export type Similarity = {
  sharedRef: boolean;
  dice: number;
  shared: number;
  /** Shared words / the smaller item's words. */
  contained: number;
};

/** Precomputed keys of an item, so a release's items are tokenised once. */
export type ItemKey = { refs: Set<string>; words: Set<string> };

export function keyOf(text: string): ItemKey {
  return { refs: refsOf(text), words: contentWords(text) };
}

export function similarity(a: ItemKey, b: ItemKey): Similarity {
  let shared = 0;
  for (const w of a.words) if (b.words.has(w)) shared++;
  const total = a.words.size + b.words.size;
  let sharedRef = false;
  for (const r of a.refs) if (b.refs.has(r)) sharedRef = true;
  const smaller = Math.min(a.words.size, b.words.size);
  return {
    sharedRef,
    dice: total ? (2 * shared) / total : 0,
    shared,
    contained: smaller ? shared / smaller : 0,
  };
}

export function isMatch(s: Similarity): boolean {
  return (
    s.sharedRef ||
    (s.dice >= DICE_MIN && s.shared >= SHARED_MIN) ||
    s.dice >= DICE_SHORT ||
    (s.shared >= CONTAINED_SHARED && s.contained >= CONTAINED_MIN)
  );
}

export function isNearDuplicate(s: Similarity): boolean {
  return s.sharedRef || s.dice >= NEAR_DUPLICATE_DICE;
}

export function itemsMatch(a: string, b: string): boolean {
  return isMatch(similarity(keyOf(a), keyOf(b)));
}

/** How strong a match is, to pick a drafted item's best notes item: a shared reference wins. */
export function strength(s: Similarity): number {
  return (s.sharedRef ? 1 : 0) + s.dice;
}

// ---- Notes items ----

const BULLET = /^(\s*)([-*+•]|\d{1,3}[.)])\s+(.*)$/;
const ATX = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const UNDERLINE = /^([=\-~^"'`*+#])\1{2,}\s*$/;
const BOLD_LINE = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?\s*$/;
const LINK_DEF = /^\s*\[[^\]]+\]:\s*\S+/;
const SKIP_HEADING = /contributor|thank|acknowledg|full changelog|^\s*credits?\s*$/i;
const SKIP_ITEM = /^\s*(\*\*)?(full changelog|new contributors)\b/i;
const LEADING_HEADING = /breaking|highlight|major|notable/i;
const BREAKING_HEADING = /breaking|backwards?[- ]incompatible|incompatible/i;
const BREAKING_TEXT =
  /^\s*(\[breaking\]|breaking\b|\*\*breaking\b|\*breaking\b|_breaking\b)|\b(is|are) a breaking change\b/i;
/** Words of a category label (`Fixes and improvements`, `Other changes`). */
const LABEL_WORDS = new RegExp(
  '^(bug|bugs|fix|fixes|bugfixes|improvements?|enhancements?|features?|new|changes?|changed|other|misc|' +
    'miscellaneous|and|&|minor|internal|performance|security|deprecations?|removals?|removed|added|' +
    'breaking|notable|documentation|docs|highlights?|general)$',
  'i',
);

function stripEmphasis(text: string): string {
  return text
    .replace(/[*_`]/g, '')
    .replace(/[:：]\s*$/, '')
    .trim();
}

/** A parent list item that only names a group of changes (its children are the items). */
function isLabel(text: string): boolean {
  const plain = plainText(text).trim();
  if (plain === '' || refsOf(text).size > 0) return false;
  if (/:\s*$/.test(text.replace(/[*_]+\s*$/, ''))) return plain.split(/\s+/).length <= 8;
  const words = stripEmphasis(plain).split(/\s+/);
  return words.length <= 6 && words.every((w) => LABEL_WORDS.test(w));
}

type Open = { indent: number; parts: string[]; heading: string; label: boolean | null; item: boolean };

/** The items of one release's notes, in order (rules in the module docstring). */
export function notesItems(notes: string): NotesItem[] {
  const lines = notes.replace(/\r\n/g, '\n').replace(/\t/g, '    ').split('\n');
  const found: { raw: string; heading: string }[] = [];
  let heading = '';
  let stack: Open[] = [];
  let blank = false;
  let fence: string | null = null;
  let directiveIndent: number | null = null;

  const close = (from = 0) => {
    for (const open of stack.slice(from)) {
      if (open.item) found.push({ raw: open.parts.join(' ').trim(), heading: open.heading });
    }
    stack = stack.slice(0, from);
  };
  const setHeading = (text: string) => {
    close();
    heading = stripEmphasis(plainText(text));
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    const fenceMark = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence !== null || fenceMark) {
      if (fence === null) fence = fenceMark![0]!;
      else if (fenceMark && fenceMark[0] === fence) fence = null;
      continue;
    }
    if (line.trim() === '') {
      blank = true;
      continue;
    }
    // RST directives (`.. code-block:: python`, `.. note::`) and what they indent.
    if (directiveIndent !== null) {
      if (indent > directiveIndent) continue;
      directiveIndent = null;
    }
    if (/^\s*\.\.\s+[\w-]+::/.test(line) || /^\s*\.\.\s*$/.test(line)) {
      directiveIndent = indent;
      continue;
    }
    if (LINK_DEF.test(line) || /^\s*<!--.*-->\s*$/.test(line)) continue;

    const next = lines[i + 1];
    if (indent === 0 && next !== undefined && UNDERLINE.test(next) && !BULLET.test(line)) {
      setHeading(line);
      i++;
      blank = false;
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      setHeading(atx[1]!);
      blank = false;
      continue;
    }

    const bullet = BULLET.exec(line);
    if (bullet) {
      const bulletIndent = bullet[1]!.length;
      // Close the items this one is not nested in.
      let depth = stack.length;
      while (depth > 0 && stack[depth - 1]!.indent >= bulletIndent) depth--;
      close(depth);
      const parent = stack[depth - 1];
      if (parent) {
        if (parent.label === null) parent.label = isLabel(parent.parts.join(' '));
        if (parent.label) {
          parent.item = false;
        } else {
          // A detail of its parent: part of the parent's text, not an item.
          stack.push({
            indent: bulletIndent,
            parts: parent.parts,
            heading: parent.heading,
            label: false,
            item: false,
          });
          parent.parts.push(bullet[3]!);
          blank = false;
          continue;
        }
      }
      const labelText = parent?.label ? stripEmphasis(plainText(parent.parts.join(' '))) : '';
      const itemHeading = [parent?.heading ?? heading, labelText].filter(Boolean).join(' / ');
      stack.push({
        indent: bulletIndent,
        parts: [bullet[3]!],
        heading: itemHeading,
        label: null,
        item: true,
      });
      blank = false;
      continue;
    }

    // Not a bullet: a label line, a continuation, or a paragraph.
    if (stack.length > 0 && (!blank || indent > stack[0]!.indent)) {
      let depth = stack.length;
      if (blank) while (depth > 1 && stack[depth - 1]!.indent >= indent) depth--;
      const owner = stack[depth - 1]!;
      close(depth);
      owner.parts.push(line.trim());
      blank = false;
      continue;
    }
    if (
      indent === 0 &&
      (BOLD_LINE.test(line) || (/:\s*$/.test(line) && line.trim().split(/\s+/).length <= 8))
    ) {
      setHeading(line);
      blank = false;
      continue;
    }
    close(); // a paragraph: not an item, and it ends any list before it
    blank = false;
  }
  close();

  return (
    found
      .filter((f) => !SKIP_HEADING.test(f.heading) && !SKIP_ITEM.test(f.raw))
      // Nothing to match on (a list of @handles, a bare `Bug fixes`): not an item.
      .filter((f) => contentWords(f.raw).size > 0 || refsOf(f.raw).size > 0)
      .map((f, index) => {
        const breaking = BREAKING_HEADING.test(f.heading) || BREAKING_TEXT.test(f.raw);
        // A breaking change is news wherever it is listed: a title may name it.
        return {
          index,
          raw: f.raw,
          heading: f.heading,
          leading: index < 3 || breaking || LEADING_HEADING.test(f.heading),
          breaking,
        };
      })
  );
}
