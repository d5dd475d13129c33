/**
 * How a changelog writes a release, read from the releases it has (locate-releases.ts): the heading
 * (heading-template.ts: level and form, date format, anchors), the blank lines after the heading and
 * between releases, how its notes are laid out (sub-heading level and the blank line under it, or
 * `Bug fixes:` labels; the bullet marker; whether notes open with prose), its section headings in
 * order, and the link reference definition each release gets when the file keeps them
 * (`[1.2.0]: https://…/compare/v1.1.0...v1.2.0`). A file with no release gets Keep a Changelog's form
 * (`## 1.2.0 - 2026-01-02`, `### Added` sections of `- ` items), without the link a definition would
 * have to complete.
 * Pure.
 */
import type { Tokens } from 'marked';
import { plainText } from '../parse-changelog.ts';
import { type HeadingTemplate, readHeadingTemplate } from './heading-template.ts';
import { type PlacedToken, trimmedEnd } from './lex-changelog.ts';
import { type ChangelogLayout, locateReleases, type SectionBlock } from './locate-releases.ts';

export type NotesLayout = {
  /** `heading`: `### Fixed`; `label`: a `Bug fixes:` line; `none`: one list without headings. */
  sections: 'heading' | 'label' | 'none';
  /** The depth of a section heading. */
  depth: number;
  /** What follows a section heading or label before its list (`\n\n`, `\n`). */
  gap: string;
  bullet: '-' | '*' | '+';
  /** Its notes open with a paragraph before the first section. */
  leadsWithProse: boolean;
  /** The section headings (or labels, without the colon) the file uses, most recent first. */
  headings: string[];
};

export type ChangelogFormat = {
  layout: ChangelogLayout;
  eol: '\n' | '\r\n';
  heading: HeadingTemplate;
  /** Between a heading and its notes. */
  headingGap: string;
  /** Between a release's last line and the next release. */
  releaseGap: string;
  notes: NotesLayout;
  /** The definition each release gets (`[{version}]: …`), or null when the file keeps none. */
  definition: HeadingTemplate | null;
};

/** How many of the newest releases the layout of notes is learned from. */
const SAMPLE = 12;

/** The most frequent of `values` (the first seen on a tie), or `fallback`. */
function mostCommon<T>(values: readonly T[], fallback: T): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = fallback;
  let top = 0;
  for (const [v, n] of counts) if (n > top) [best, top] = [v, n];
  return best;
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

function readNotesLayout(
  markdown: string,
  layout: ChangelogLayout,
  sample: readonly SectionBlock[],
): NotesLayout {
  const depths: number[] = [];
  const gaps: string[] = [];
  const bullets: ('-' | '*' | '+')[] = [];
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
        const marker = /^\s*([-*+])/.exec(p.token.raw)?.[1];
        if (marker) bullets.push(marker as '-' | '*' | '+');
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
    bullet: mostCommon(bullets, '-'),
    leadsWithProse: withNotes > 0 && prose * 2 > withNotes,
    headings: [...new Set(headings)],
  };
}

/**
 * The release whose heading is the template: the newest, or the newest dated one where most are
 * dated; one whose heading names no release of its own (`v2.0.0: Faster builds`) where there is one.
 */
function templateRelease(releases: readonly SectionBlock[]): SectionBlock | undefined {
  const dated = releases.filter((r) => r.reading?.date);
  const usual = dated.length * 2 > releases.length ? dated : releases;
  return usual.find((r) => !r.reading?.title) ?? usual[0];
}

function templateOf(markdown: string, layout: ChangelogLayout, release: SectionBlock): HeadingTemplate {
  const index = layout.releases.indexOf(release);
  const previous = layout.releases[index + 1]?.reading?.version ?? null;
  return readHeadingTemplate(
    markdown.slice(release.start, release.headingEnd),
    release.reading!.version,
    previous,
  );
}

/** The definition of `release`'s version (`[1.2.0]: …` or `[v1.2.0]: …`), as a template. */
function definitionOf(
  markdown: string,
  layout: ChangelogLayout,
  release: SectionBlock,
): HeadingTemplate | null {
  const version = release.reading!.version;
  const labels = [version, `v${version}`].map((l) => l.toLowerCase());
  const def = layout.definitions.find((d) => labels.includes(d.label.toLowerCase()));
  if (!def) return null;
  const index = layout.releases.indexOf(release);
  const previous = layout.releases[index + 1]?.reading?.version ?? null;
  const template = readHeadingTemplate(markdown.slice(def.start, def.end), version, previous);
  // A definition is written without a date; one that links no version cannot serve another release.
  return template.parts.some((p) => typeof p !== 'string' && p.hole === 'version') ? template : null;
}

/** The format of `markdown` (a changelog, possibly empty). */
export function readChangelogFormat(markdown: string): ChangelogFormat {
  const layout = locateReleases(markdown);
  const { releases } = layout;
  const eol = layout.lexed.eol;
  const release = templateRelease(releases);
  const heading = release
    ? templateOf(markdown, layout, release)
    : readHeadingTemplate(`## 1.0.0 - 2024-01-02`, '1.0.0', null);
  const next = release ? releases[releases.indexOf(release) + 1] : undefined;
  const withBody =
    release && release.bodyStart > release.headingEnd
      ? release
      : releases.find((r) => r.bodyStart > r.headingEnd);
  const sample = releases.slice(0, SAMPLE);
  const definition = release ? definitionOf(markdown, layout, release) : null;
  const releaseGap = next ? markdown.slice(release!.end, next.start) : `${eol}${eol}`;
  return {
    layout,
    eol,
    heading,
    headingGap: withBody ? markdown.slice(withBody.headingEnd, withBody.bodyStart) : `${eol}${eol}`,
    // A gap that holds more than blank lines and comments (a definition, a heading) is no gap to copy.
    releaseGap: /^(?:\s|<!--[\s\S]*?-->)*$/.test(releaseGap) ? releaseGap : `${eol}${eol}`,
    notes: readNotesLayout(markdown, layout, sample),
    definition,
  };
}
