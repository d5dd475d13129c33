/**
 * A Markdown changelog → its releases (docs/api.md#import-history-and-the-drafting-profile: the CLI's
 * `shiplog import` and the Action's `import-changelog`). Parsed with marked's lexer, never line by line:
 * headings are heading tokens (ATX `## 1.2.0` and setext `1.2.0\n=====` alike), and a release's notes
 * are the source text (`raw`) of the tokens between its heading and the next release's, as written.
 *
 * Which headings open a release: those whose text names a version (see read-version-heading.ts) at
 * the changelog's version level (the heading depth that holds the most versions) or above it, and
 * bare version headings one level below (conventional-changelog's `### [1.2.1](…) (date)`), so that
 * `### Added` / `### Fixed` sub-sections stay in their release's notes. Other headings at the version
 * level or above close the release before them and are skipped, with the reason.
 *
 * Dates: from the heading, else from a first line such as `Released 2020-04-27` (taken out of the
 * notes); null when neither gives one. Link reference definitions (`[1.2.0]: https://…/compare/…`, the
 * Keep a Changelog footer) stay with the notes that use them (copied to the end of a release whose
 * notes use a definition written elsewhere) and are dropped elsewhere.
 *
 * Pure: no I/O. Releases come in the document's order (newest first in every common form).
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { findDate } from './find-date.ts';
import { readVersionHeading, saysUnreleased, type VersionHeading } from './read-version-heading.ts';

export type ChangelogRelease = {
  /** Without a leading `v`. */
  version: string;
  /** `YYYY-MM-DD`, or null when the changelog gives none (a tag may). */
  date: string | null;
  /** The Markdown of the release's section, as written, without its heading. */
  notes: string;
  /** A name the heading gives the release after its version (`v2.0.0: Faster builds`). */
  title?: string;
  /** The heading's text, for messages. */
  heading: string;
};

export type SkippedSection = {
  heading: string;
  /** The version the heading names, if any. */
  version: string | null;
  /**
   * Why it is not a release: `unreleased`, `no version in the heading`, `no notes`, or `duplicate` (a
   * version named twice: the longer section is kept, wherever it stands).
   */
  reason: string;
};

export type ParsedChangelog = { releases: ChangelogRelease[]; skipped: SkippedSection[] };

type Heading = { index: number; depth: number; text: string; reading: VersionHeading | null };

/** A heading's (or paragraph's) words without Markdown: link and emphasis text, code spans; no HTML. */
export function plainText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) => {
      if (t.type === 'html') return '';
      if (t.type === 'br') return ' ';
      if ('tokens' in t && t.tokens) return plainText(t.tokens);
      return 'text' in t ? String(t.text) : '';
    })
    .join('');
}

/** The depth holding the most version headings (the shallower on a tie), or null when none does. */
function versionLevel(headings: readonly Heading[]): number | null {
  const counts = new Map<number, number>();
  for (const h of headings) if (h.reading) counts.set(h.depth, (counts.get(h.depth) ?? 0) + 1);
  let best: number | null = null;
  for (const [depth, n] of counts)
    if (best === null || n > counts.get(best)! || (n === counts.get(best) && depth < best)) best = depth;
  return best;
}

/** `Released 2020-04-27`, `*2024-01-02*`, `Release date: January 2, 2024`: the date, else null. */
function releaseLine(token: Token | undefined): string | null {
  if (token?.type !== 'paragraph') return null;
  const text = plainText((token as Tokens.Paragraph).tokens).trim();
  const found = findDate(text);
  if (!found) return null;
  const rest = (text.slice(0, found.index) + text.slice(found.index + found.length))
    .replace(/\b(?:released?|release date|date|on)\b/gi, '')
    .replace(/[\s:.,()*_-]/g, '');
  return rest === '' ? found.date : null;
}

const isDef = (t: Token): t is Tokens.Def => t.type === 'def';
/**
 * HTML that shows nothing: comments and empty anchors (`<a name="16.2.6"></a>`, which generators put
 * before each heading, so they would trail the release above it). Dropped from the notes.
 */
const isDecoration = (t: Token) =>
  (t.type === 'html' || t.type === 'paragraph') &&
  /^(?:\s*(?:<!--[\s\S]*?-->|<a\s+(?:name|id)="[^"]*"\s*>\s*<\/a>))+\s*$/i.test(t.raw);
/** A changelog's reference definitions, indexed once for every release's notes to look up. */
type Definitions = {
  /** By label (marked's tag, lowercased), each label's in the document's order. */
  byLabel: Map<string, Tokens.Def[]>;
  /** Those whose label holds an escaped bracket, which the label pattern below cannot find. */
  bracketed: Tokens.Def[];
  position: Map<Tokens.Def, number>;
};

function indexDefinitions(defs: readonly Tokens.Def[]): Definitions {
  const index: Definitions = { byLabel: new Map(), bracketed: [], position: new Map() };
  defs.forEach((def, i) => {
    index.position.set(def, i);
    const label = def.tag.toLowerCase();
    if (/[[\]]/.test(label)) index.bracketed.push(def);
    else index.byLabel.set(label, [...(index.byLabel.get(label) ?? []), def]);
  });
  return index;
}

/**
 * The definitions `notes` use (`[label]`, `[text][label]`, `[label][]`: `[label]` written anywhere in
 * them, case aside), in the document's order. The notes are read once and their labels looked up,
 * never read again per definition: a long changelog has a definition per release (a Keep a Changelog
 * footer), and checking each against each release's notes grew with their product.
 */
function definitionsUsedIn(notes: string, index: Definitions): Tokens.Def[] {
  const lower = notes.toLowerCase();
  const used = new Set<Tokens.Def>();
  // Each `[…]` with no bracket inside: every bracket-free `[label]` in the notes is one of them.
  for (const [, label] of lower.matchAll(/\[([^[\]]*)\]/g))
    for (const def of index.byLabel.get(label!) ?? []) used.add(def);
  for (const def of index.bracketed) if (lower.includes(`[${def.tag.toLowerCase()}]`)) used.add(def);
  return [...used].sort((a, b) => index.position.get(a)! - index.position.get(b)!);
}

/** The notes of one release from its tokens: its own definitions where used, others' appended. */
function notesOf(body: readonly Token[], definitions: Definitions): string {
  const prose = body
    .filter((t) => !isDef(t))
    .map((t) => t.raw)
    .join('');
  const used = definitionsUsedIn(prose, definitions);
  const text = body
    .filter((t) => !isDef(t) || used.includes(t))
    .map((t) => t.raw)
    .join('');
  const own = new Set(body.filter(isDef).map((d) => d.tag.toLowerCase()));
  const borrowed = used.filter((d) => !own.has(d.tag.toLowerCase()));
  const joined = borrowed.length
    ? `${text.trimEnd()}\n\n${borrowed.map((d) => d.raw.trimEnd()).join('\n')}`
    : text;
  // Leading blank lines go; the first line's indentation (a code block) stays.
  return joined.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}

/** @returns the releases, in the document's order, and the sections it skipped with the reason. */
export function parseChangelog(markdown: string): ParsedChangelog {
  return parseChangelogTokens(Lexer.lex(markdown, { gfm: true }));
}

/**
 * {@link parseChangelog} from the changelog's tokens, lexed GitHub-flavoured by marked: for the
 * server, which lexes in its renderer's worker with its limits (server/services/rendering/).
 */
export function parseChangelogTokens(tokens: readonly Token[]): ParsedChangelog {
  const headings: Heading[] = [];
  tokens.forEach((t, index) => {
    if (t.type !== 'heading') return;
    const text = plainText((t as Tokens.Heading).tokens)
      .replace(/\s+/g, ' ')
      .trim();
    headings.push({ index, depth: (t as Tokens.Heading).depth, text, reading: readVersionHeading(text) });
  });
  const level = versionLevel(headings);
  if (level === null) return { releases: [], skipped: [] };
  const opens = (h: Heading) => h.depth <= level || (h.depth === level + 1 && h.reading?.bare === true);
  const starts = headings.filter(opens);
  const definitions = indexDefinitions(tokens.filter(isDef));
  const releases: ChangelogRelease[] = [];
  const skipped: SkippedSection[] = [];
  const seen = new Map<string, number>();
  starts.forEach((start, n) => {
    const body = tokens
      .slice(start.index + 1, starts[n + 1]?.index ?? tokens.length)
      .filter((t) => !isDecoration(t));
    const content = body.filter((t) => t.type !== 'space' && !isDef(t));
    const reading = start.reading;
    const skip = (reason: string) =>
      skipped.push({ heading: start.text, version: reading?.version ?? null, reason });
    if (!reading) {
      // A title above the versions (`# Changelog`) or a group heading says nothing worth reporting.
      if (start.depth === level)
        skip(saysUnreleased(start.text) ? 'unreleased' : 'no version in the heading');
      return;
    }
    const first = content[0];
    const firstLine = first?.type === 'paragraph' ? plainText((first as Tokens.Paragraph).tokens) : '';
    if (reading.unreleased || /^\s*unreleased\b/i.test(firstLine)) return skip('unreleased');
    const lineDate = reading.date ? null : releaseLine(first);
    const notes = notesOf(lineDate ? body.filter((t) => t !== first) : body, definitions);
    if (notes.trim() === '') return skip('no notes');
    const release: ChangelogRelease = {
      version: reading.version,
      date: reading.date ?? lineDate,
      notes,
      ...(reading.title ? { title: reading.title } : {}),
      heading: start.text,
    };
    const earlier = seen.get(reading.version);
    if (earlier === undefined) {
      seen.set(reading.version, releases.length);
      releases.push(release);
    } else if (notes.length > releases[earlier]!.notes.length) {
      const shorter = releases[earlier]!;
      skipped.push({ heading: shorter.heading, version: shorter.version, reason: 'duplicate' });
      releases[earlier] = release;
    } else skip('duplicate');
  });
  return { releases, skipped };
}
