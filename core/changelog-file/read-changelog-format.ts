/**
 * How a changelog writes a release, read from the releases it has (locate-releases.ts): the heading
 * (heading-template.ts: level and form, date format, anchors), the blank lines after the heading and
 * between releases, how its notes are laid out (read-notes-layout.ts: sections, items, escapes), and
 * the link reference definition each release gets when the file keeps them
 * (`[1.2.0]: https://…/compare/v1.1.0...v1.2.0`). A file with no release gets Keep a Changelog's form
 * (`## 1.2.0 - 2026-01-02`, `### Added` sections of `- ` items), without the link a definition would
 * have to complete.
 * Pure.
 */
import { type HeadingTemplate, readHeadingTemplate } from './heading-template.ts';
import { type ChangelogLayout, locateReleases, type SectionBlock } from './locate-releases.ts';
import { type NotesLayout, readNotesLayout } from './read-notes-layout.ts';

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
