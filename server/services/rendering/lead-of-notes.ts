/**
 * What an imported release's notes lead with (docs/api.md#import-history-and-the-drafting-profile: title =
 * `title` or the notes' leading user-facing change as written, never the version), read from marked's
 * tokens:
 * - the title: the first list item's or paragraph's text that is not internal work (items under a
 *   `Dependencies`, `Internal`, `Documentation`… section, dependency bumps and internal prose come
 *   after it; with nothing else, the first text), in plain words: trailing references such as `(#12)` /
 *   `([abc1234](…))`, a leading `BUG #12:`, a Conventional Commits type (`feat:`; its scope stays) and
 *   a GitHub `by @x in <url>` and reStructuredText roles taken off; its scope (`fish:`, `**Bash**:`)
 *   and code kept as written; its first sentence when it has several; a lower-case first word
 *   capitalized unless it is code or follows a scope; under a fixes section, a text that states the
 *   bug ("Crash when …") phrased as its fix ("Fix crash when …"); at most 200 characters cut at a word
 *   boundary; null when the notes have no text;
 * - the category, kept simple: the nearest sub-heading or label above that text that names a kind
 *   (`### Fixed`, `Bug fixes:`), else the text's first word, decides: fixes → `fix`; additions,
 *   features → `feature`; changes, improvements, performance, removals → `improvement`; anything else
 *   (prose) → `announcement`.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import type { Category } from '../../../core/contract/entries.schema.ts';
import { isInternalProse } from '../../../core/drafting/changes/internal-work.ts';
import { phraseFix } from '../../../core/drafting/render/render-draft.ts';
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

/** Sections of internal work (`### Dependencies`, `Internal:`): their items never title a release. */
const INTERNAL_SECTION =
  /^\W*(?:internal(?: changes)?|docs?|documentation|dependenc(?:y|ies)(?: updates?)?|deps|chores?|ci|build(?: system)?|tests?|testing|maintenance|refactor(?:ing)?|development|infrastructure|contributors|thanks)\W*$/i;

/** A notes item that is a dependency bump ("Bump x to 1.2", "Upgrade dependencies: …"). */
const DEPENDENCY_ITEM =
  /^(?:bump(?:ed|s)?|updated?s?|upgraded?s?)\s+(?:\S+\s+)?(?:dependenc|deps\b|to\s+v?\d)/i;

/** The text of a list item without its nested lists. */
const itemText = (item: Tokens.ListItem) => plainText(item.tokens.filter((t) => t.type !== 'list'));

/** Whether the first words of `tokens` are code (`` `zoxide add` now … ``): their case is the code's. */
function startsWithCode(tokens: readonly Token[] | undefined): boolean {
  const first = (tokens ?? []).find(
    (t) => !(t.type === 'text' && !('tokens' in t && t.tokens) && !t.raw.trim()),
  );
  if (!first) return false;
  if (first.type === 'codespan') return true;
  return 'tokens' in first && first.tokens ? startsWithCode(first.tokens) : false;
}

/** A candidate for the title: a paragraph's or list item's text, the labels before it, whether it starts with code. */
type Block = { labels: readonly string[]; text: string; code: boolean };

/** A heading (depth 1-6) or a label paragraph (depth 7: it heads what follows, up to the next heading). */
type Label = { depth: number; text: string };

/**
 * The notes' texts in document order, each with the headings and labels above it (outermost first):
 * a heading closes the sections of its depth and deeper.
 */
function* blocks(tokens: readonly Token[], outer: readonly Label[] = []): Generator<Block> {
  let above = [...outer];
  const labels = () => above.map((l) => l.text);
  for (const t of tokens) {
    if (t.type === 'heading') {
      const { depth, tokens: inline } = t as Tokens.Heading;
      above = [...above.filter((l) => l.depth < depth), { depth, text: plainText(inline) }];
      continue;
    }
    if (t.type === 'blockquote') {
      yield* blocks((t as Tokens.Blockquote).tokens, above);
      continue;
    }
    if (t.type === 'list') {
      for (const item of (t as Tokens.List).items) {
        const text = itemText(item);
        if (text.trim()) yield { labels: labels(), text, code: startsWithCode(item.tokens) };
      }
      continue;
    }
    if (t.type !== 'paragraph') continue;
    const text = plainText((t as Tokens.Paragraph).tokens);
    if (text.trim() === '') continue;
    if (isLabel(text)) above = [...above.filter((l) => l.depth < 7), { depth: 7, text }];
    else yield { labels: labels(), text, code: startsWithCode((t as Tokens.Paragraph).tokens) };
  }
}

/** The label that says what a block's section holds: the nearest one that names a kind, else the first. */
const labelOf = (block: Block) =>
  [...block.labels].reverse().find((l) => classify(l) !== null) ?? block.labels[0] ?? null;

/** Whether a block is internal work: under an internal section, or worded as internal work or a bump. */
function isInternalBlock(block: Block): boolean {
  if (block.labels.some((l) => INTERNAL_SECTION.test(l.replace(/:\s*$/, '')))) return true;
  const text = block.text.trim();
  return DEPENDENCY_ITEM.test(text) || isInternalProse(text.split(/(?<=[.!?])\s/, 1)[0]!);
}

/** The first user-facing block of the notes (else the first block), or null when they have no text. */
function leadingBlock(tokens: readonly Token[]): Block | null {
  let first: Block | null = null;
  for (const block of blocks(tokens)) {
    first ??= block;
    if (!isInternalBlock(block)) return block;
  }
  return first;
}

/** A Conventional Commits type before the text (`feat:`, `fix(bash):`): the type goes, a scope stays. */
const TYPE_PREFIX =
  /^(?:feat|feature|fix|bugfix|perf|refactor|docs?|chore|build|ci|tests?|style|revert)(?:\(([^)]{1,30})\))?!?:\s+/i;

/**
 * `text` in plain words, as a title: one line, without references, at most {@link MAX_TITLE}; its
 * scope (`fish:`, `**Bash**:`) and code as written. `options.code`: the text starts with code (its case
 * stays); `options.fix`: it is listed as a fix, so a text that states the bug ("Crash when …", "`x`
 * fails on …") is phrased as its fix ("Fix crash when …"); one that says what the fix did ("… works
 * again", "… no longer …") stays as written.
 */
export function titleFromText(text: string, options: { code?: boolean; fix?: boolean } = {}): string | null {
  let words = text
    .replace(/\s+/g, ' ')
    .trim()
    // GitHub's generated notes: "Fix x by @someone in https://github.com/o/r/pull/1".
    .replace(/\s+by @[\w-]+(?:\[bot\])? in https?:\/\/\S+$/i, '')
    // A leading reference list (`BUG #3194:`, `#12, #13:`).
    .replace(/^(?:(?:[A-Za-z]+ )?#\d+[,\s]*)+:\s*/, '')
    .replace(TYPE_PREFIX, (_type, scope: string | undefined) => (scope ? `${scope}: ` : ''));
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
  // A scope (`fish:`, `Bash:`) stays as written; what follows it is the change.
  const scope = /^[\w./@-]{1,30}:\s+(?=\S)/.exec(words)?.[0] ?? '';
  let change = words.slice(scope.length);
  if (options.fix && statesTheBug(change)) change = phraseFix(change);
  // `add x` → `Add x`; a code name (`urlHandlingStrategy`, `` `zoxide add` ``) and a scope's text keep their case.
  else if (!scope && !options.code && /^[a-z]+(?:\s|$)/.test(change))
    change = change[0]!.toUpperCase() + change.slice(1);
  words = `${scope}${change}`;
  if ([...words].length <= MAX_TITLE) return words;
  const cut = words.slice(0, MAX_TITLE - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_TITLE / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A fix item worded as the bug it fixed ("Crash when …", "`x` fails on …"). */
const BUG_WORDING =
  /^(?:crash(?:es)?|panics?|errors?|regressions?|bugs?|failures?|hangs?|deadlocks?|memory leaks?|infinite loops?|race conditions?|segfaults?|wrong|incorrect|broken|missing)\b|\b(?:fails?|crash(?:es)?|panics?|breaks?|hangs?|throws?|does ?n[o']t|do ?n[o']t|cannot|can't|is ?n[o']t|are ?n[o']t|not (?:working|shown|found|respected|applied))\b/i;
/** Words that say what the fix made of it ("works again", "now …", "no longer …", "Fixed …"). */
const FIXED_WORDING = /\b(?:again|now|no longer|fix\w*)\b/i;

/** Whether a fix item states the bug rather than the fix. */
const statesTheBug = (text: string) => BUG_WORDING.test(text) && !FIXED_WORDING.test(text);

/** What `markdown` leads with; the renderer's worker reads it from its own tokens ({@link leadOfTokens}). */
export function leadOfNotes(markdown: string): NotesLead {
  return leadOfTokens(Lexer.lex(markdown, { gfm: true }));
}

/** What notes lead with, from their tokens as marked lexed them (GitHub-flavoured). */
export function leadOfTokens(tokens: readonly Token[]): NotesLead {
  const block = leadingBlock(tokens);
  if (!block) {
    const label = firstLabel(tokens);
    return { title: null, category: (label ? classify(label) : null) ?? 'announcement' };
  }
  const label = labelOf(block);
  const fromLabel = label ? classify(label) : null;
  const firstWord = block.text.trim().split(/\s+/)[0] ?? '';
  const category = fromLabel ?? classify(firstWord) ?? 'announcement';
  return { title: titleFromText(block.text, { code: block.code, fix: fromLabel === 'fix' }), category };
}

/** The first heading or label of notes without text. */
function firstLabel(tokens: readonly Token[]): string | null {
  const heading = tokens.find((t) => t.type === 'heading') as Tokens.Heading | undefined;
  return heading ? plainText(heading.tokens) : null;
}
