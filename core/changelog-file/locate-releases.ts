/**
 * Where each release of a changelog lies in the file: its heading, its notes, and the gap before the
 * next one, as offsets into the file (lex-changelog.ts). Which headings open a release follows the
 * import's reading (core/parse-changelog.ts): a heading whose text names a version
 * (core/read-version-heading.ts) at the changelog's version level (the depth holding the most version
 * headings, the shallower on a tie) or above, and a bare version heading one level below it
 * (conventional-changelog's `### [1.2.1](…) (date)` patch releases); any other heading at the version
 * level or above closes the section before it (a title, `Unreleased`, `Upgrading from 1.x`).
 *
 * A release's block starts at the decorations right above its heading (generators' `<a name="1.2.0"></a>`)
 * and ends with its last content: the blank lines, comments and link reference definitions after it
 * belong to no release, so that an edit of one release leaves them as they are. Pure.
 */
import type { Tokens } from 'marked';
import { plainText } from '../parse-changelog.ts';
import { readVersionHeading, saysUnreleased, type VersionHeading } from '../read-version-heading.ts';
import { type LexedChangelog, lexChangelog, type PlacedToken, trimmedEnd } from './lex-changelog.ts';

/** A section opened by a heading at the version level or above, as offsets into the file. */
export type SectionBlock = {
  /** The heading's words without Markdown (`[1.2.0](…) - 2024-01-02` → `1.2.0 - 2024-01-02`). */
  text: string;
  depth: number;
  /** Underlined (`1.2.0\n=====`) rather than `#`-prefixed. */
  setext: boolean;
  /** The version the heading names and what else it says, or null. */
  reading: VersionHeading | null;
  /** Marked unreleased (`[Unreleased]`, `TBD`, `1.8.0 (unreleased)`, or a first line that says so). */
  unreleased: boolean;
  /** The block's first byte: the decorations right above the heading, else the heading. */
  start: number;
  headingStart: number;
  /** After the heading's own text (a setext heading's underline), before its line break. */
  headingEnd: number;
  /** The first byte of its notes, or `headingEnd` when it has none. */
  bodyStart: number;
  /** After its last content: trailing blank lines, comments and definitions excluded. */
  end: number;
  /** Where the next block starts, or where the content after the last one ends. */
  next: number;
};

/** A top-level link reference definition (`[1.2.0]: https://…`). */
export type PlacedDefinition = { label: string; href: string; start: number; end: number };

export type ChangelogLayout = {
  lexed: LexedChangelog;
  /** Every section the version level opens, in the file's order. */
  sections: SectionBlock[];
  /** The sections of released versions, in the file's order (newest first in every common form). */
  releases: SectionBlock[];
  /** The depth of the version headings, or null when the file has none. */
  level: number | null;
  /** After the title, the text under it and any unreleased section above the releases. */
  preambleEnd: number;
  definitions: PlacedDefinition[];
};

/** HTML that shows nothing (comments, empty anchors), as the import drops it from notes. */
const isDecoration = (t: PlacedToken['token']) =>
  (t.type === 'html' || t.type === 'paragraph') &&
  /^(?:\s*(?:<!--[\s\S]*?-->|<a\s+(?:name|id)="[^"]*"\s*>\s*<\/a>))+\s*$/i.test(t.raw);

type Heading = { index: number; depth: number; text: string; reading: VersionHeading | null };

function headingsOf(tokens: readonly PlacedToken[]): Heading[] {
  const headings: Heading[] = [];
  tokens.forEach(({ token }, index) => {
    if (token.type !== 'heading') return;
    const text = plainText((token as Tokens.Heading).tokens)
      .replace(/\s+/g, ' ')
      .trim();
    headings.push({ index, depth: (token as Tokens.Heading).depth, text, reading: readVersionHeading(text) });
  });
  return headings;
}

function levelOf(headings: readonly Heading[]): number | null {
  const counts = new Map<number, number>();
  for (const h of headings) if (h.reading) counts.set(h.depth, (counts.get(h.depth) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return ranked[0]?.[0] ?? null;
}

function blockOf(text: string, tokens: readonly PlacedToken[], h: Heading, stop: number): SectionBlock {
  let first = h.index;
  while (first > 0 && isDecoration(tokens[first - 1]!.token)) first -= 1;
  const heading = tokens[h.index]!;
  const body = tokens.slice(h.index + 1, stop);
  const content = body.filter((p) => p.token.type !== 'space' && !isDecoration(p.token));
  const notes = content.filter((p) => p.token.type !== 'def');
  const last = notes.at(-1);
  const headingEnd = trimmedEnd(text, heading);
  const firstLine =
    content[0]?.token.type === 'paragraph' ? plainText((content[0].token as Tokens.Paragraph).tokens) : '';
  return {
    text: h.text,
    depth: h.depth,
    setext: !heading.token.raw.trimStart().startsWith('#'),
    reading: h.reading,
    unreleased: h.reading
      ? h.reading.unreleased || /^\s*unreleased\b/i.test(firstLine)
      : saysUnreleased(h.text),
    start: tokens[first]!.start,
    headingStart: heading.start,
    headingEnd,
    bodyStart: content[0] && last ? content[0].start : headingEnd,
    end: last ? trimmedEnd(text, last) : headingEnd,
    next: tokens[stop]?.start ?? text.length,
  };
}

/** @returns the sections and releases of `markdown`, where they lie, and its definitions. */
export function locateReleases(markdown: string): ChangelogLayout {
  const lexed = lexChangelog(markdown);
  const { tokens } = lexed;
  const headings = headingsOf(tokens);
  const level = levelOf(headings);
  const opens = (h: Heading) =>
    level !== null && (h.depth <= level || (h.depth === level + 1 && h.reading?.bare === true));
  const starts = headings.filter(opens);
  const sections = starts.map((h, n) => {
    // The block's decorations are the previous block's stop, so they are never its content.
    let stop = starts[n + 1]?.index ?? tokens.length;
    while (stop > h.index + 1 && isDecoration(tokens[stop - 1]!.token)) stop -= 1;
    return blockOf(markdown, tokens, h, stop);
  });
  const releases = sections.filter((s) => s.reading !== null && !s.unreleased);
  const firstRelease = releases[0];
  const above = sections.filter((s) => !firstRelease || s.start < firstRelease.start);
  const definitions = tokens
    .filter((p) => p.token.type === 'def')
    .map((p) => ({
      label: (p.token as Tokens.Def).tag,
      href: (p.token as Tokens.Def).href,
      start: p.start,
      end: trimmedEnd(markdown, p),
    }));
  return {
    lexed,
    sections,
    releases,
    level,
    preambleEnd: preambleEnd(markdown, tokens, above.at(-1), firstRelease),
    definitions,
  };
}

/**
 * Where a first release goes: after the last unreleased section above the releases, else after the
 * title and the text under it (its definitions excluded), else at the top.
 */
function preambleEnd(
  text: string,
  tokens: readonly PlacedToken[],
  lastAbove: SectionBlock | undefined,
  firstRelease: SectionBlock | undefined,
): number {
  if (lastAbove?.unreleased) return lastAbove.end;
  const limit = firstRelease?.start ?? text.length;
  const before = tokens.filter(
    (p) => p.end <= limit && p.token.type !== 'space' && p.token.type !== 'def' && !isDecoration(p.token),
  );
  const last = before.at(-1);
  return last ? trimmedEnd(text, last) : 0;
}
