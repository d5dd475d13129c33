/**
 * How a changelog lays out a release's notes (read-changelog-format.ts reads the rest of its format):
 * its section headings' level and the blank line under them, or `Bug fixes:` labels; how its items
 * begin (`- `, `* `, or `  * ` two spaces in, as monolog's do); whether notes open with prose; which
 * characters it backslash-escapes; the labels of its reference definitions. restyle-notes.ts lays a
 * draft out this way. Pure.
 */
import { Marked, type Token, type Tokens } from 'marked';
import { plainText } from '../parse-changelog.ts';
import { type PlacedToken, trimmedEnd } from './lex-changelog.ts';
import type { ChangelogLayout, SectionBlock } from './locate-releases.ts';

export type NotesLayout = {
  /** `heading`: `### Fixed`; `label`: a `Bug fixes:` line; `none`: one list without headings. */
  sections: 'heading' | 'label' | 'none';
  /** The depth of a section heading. */
  depth: number;
  /** What follows a section heading or label before its list (`\n\n`, `\n`). */
  gap: string;
  bullet: '-' | '*' | '+';
  /** The spaces before an item's bullet (`''`; monolog's `'  '`). */
  indent: string;
  /** The spaces between an item's bullet and its text (`' '`; `'   '` where text starts at column 4). */
  spacing: string;
  /** Its notes open with a paragraph before the first section. */
  leadsWithProse: boolean;
  /** The section headings (or labels, without the colon) the file uses, most recent first. */
  headings: string[];
  /** The characters its notes backslash-escape (`_` where the file writes `my\_option`), each once. */
  escaped: string[];
  /** The labels of its link reference definitions, lowercased (`[1.2.0]: …` → `1.2.0`). */
  labels: string[];
};

/** The most frequent of `values` (the first seen on a tie), or `fallback`. */
function mostCommon<T>(values: readonly T[], fallback: T): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = fallback;
  let top = 0;
  for (const [v, n] of counts) if (n > top) [best, top] = [v, n];
  return best;
}

/** How the items of `lists` begin, item by item: the spaces before the bullet, the bullet, the spaces after. */
function itemStyle(lists: readonly Tokens.List[]): Pick<NotesLayout, 'bullet' | 'indent' | 'spacing'> {
  const starts = lists.flatMap((list) =>
    list.items.map((item) => /^( *)([-*+])( +)(?=\S)/.exec(item.raw)).filter((m) => m !== null),
  );
  return {
    bullet: mostCommon(
      starts.map((m) => m[2] as '-' | '*' | '+'),
      '-',
    ),
    indent: mostCommon(
      starts.map((m) => m[1]!),
      '',
    ),
    // Four spaces or more after a bullet would make the text a code block; two or three align it.
    spacing: mostCommon(
      starts.map((m) => m[3]!).filter((s) => s.length < 4),
      ' ',
    ),
  };
}

const walker = new Marked();

/** The characters backslash-escaped anywhere in `tokens` (marked's `escape` tokens; code holds none). */
function escapedIn(tokens: Token[]): string[] {
  const found = new Set<string>();
  void walker.walkTokens(tokens, (t) => {
    if (t.type === 'escape') found.add((t as Tokens.Escape).text);
  });
  return [...found];
}

/** The release's tokens between its heading and its end. */
function bodyTokens(layout: ChangelogLayout, release: SectionBlock): PlacedToken[] {
  return layout.lexed.tokens.filter(
    (p) => p.start >= release.bodyStart && p.end <= release.next && p.start < release.end,
  );
}

/** A paragraph of one line ending with a colon (`Bug fixes:`), directly above a list. */
function labelOf(tokens: readonly PlacedToken[], i: number): string | null {
  const t = tokens[i]!.token;
  if (t.type !== 'paragraph' || t.raw.trim().includes('\n')) return null;
  const next = tokens.slice(i + 1).find((p) => p.token.type !== 'space');
  const text = plainText((t as Tokens.Paragraph).tokens).trim();
  return next?.token.type === 'list' && /^[^:]{2,60}:$/.test(text) ? text.slice(0, -1).trim() : null;
}

/**
 * How the notes of `sample` (the newest releases of `layout`, a changelog lexed from `markdown`) are
 * laid out; a file without notes gets Keep a Changelog's (`###` sections of `- ` items).
 */
export function readNotesLayout(
  markdown: string,
  layout: ChangelogLayout,
  sample: readonly SectionBlock[],
): NotesLayout {
  const depths: number[] = [];
  const gaps: string[] = [];
  const lists: Tokens.List[] = [];
  const headings: string[] = [];
  let labels = 0;
  let prose = 0;
  let withNotes = 0;
  for (const release of sample) {
    const tokens = bodyTokens(layout, release);
    const content = tokens.filter((p) => p.token.type !== 'space');
    if (content.length === 0) continue;
    withNotes += 1;
    tokens.forEach((p, i) => {
      const gapAfter = () =>
        markdown.slice(
          trimmedEnd(markdown, p),
          tokens.slice(i + 1).find((n) => n.token.type !== 'space')?.start,
        );
      if (p.token.type === 'heading' && p.token.depth > release.depth) {
        depths.push(p.token.depth);
        gaps.push(gapAfter());
        headings.push(plainText((p.token as Tokens.Heading).tokens).trim());
      } else if (p.token.type === 'list' && !(p.token as Tokens.List).ordered) {
        lists.push(p.token as Tokens.List);
      } else if (labelOf(tokens, i) !== null) {
        labels += 1;
        gaps.push(gapAfter());
        headings.push(labelOf(tokens, i)!);
      }
    });
    const first = content[0]!;
    if (first.token.type === 'paragraph' && labelOf(tokens, tokens.indexOf(first)) === null) prose += 1;
  }
  const sections =
    depths.length === 0 && labels === 0 ? 'none' : labels > depths.length ? 'label' : 'heading';
  return {
    sections,
    depth: mostCommon(depths, Math.min((layout.level ?? 2) + 1, 6)),
    gap: mostCommon(gaps, '\n\n'),
    ...itemStyle(lists),
    leadsWithProse: withNotes > 0 && prose * 2 > withNotes,
    headings: [...new Set(headings)],
    escaped: escapedIn(sample.flatMap((release) => bodyTokens(layout, release).map((p) => p.token))),
    labels: layout.definitions.map((d) => d.label.toLowerCase()),
  };
}
