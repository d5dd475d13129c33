/**
 * One release written into a changelog in the file's own format (docs/github-action.md "CHANGELOG.md in
 * its own format"), by position: the new release goes at the top, above the newest release (so below
 * the title and any `Unreleased` section), with a heading written like the file's
 * (read-changelog-format.ts), and its link reference definition when the file keeps them; a version the
 * file already has is replaced where it is, its own heading's form kept, never added twice. Every byte
 * outside the edit stays as it was; the one other edit is an `[Unreleased]` compare link that started
 * at the previous release, moved to start at the new one. Pure.
 */
import { Lexer, type Tokens } from 'marked';
import { readHeadingTemplate, renderHeading, versionPattern } from './heading-template.ts';
import type { SectionBlock } from './locate-releases.ts';
import { type ChangelogFormat, readChangelogFormat } from './read-changelog-format.ts';
import { parseChangelog } from '../parse-changelog.ts';
import { saysUnreleased } from '../read-version-heading.ts';

export type ReleaseToWrite = {
  /** The version, without a tag prefix (`1.2.0`, `2.0.0-rc.1`); one leading `v` is dropped. */
  version: string;
  /** `YYYY-MM-DD`; null keeps an existing release's date (and writes none for a new one). */
  date: string | null;
  /** The release's notes, Markdown already in the file's layout (restyle-notes.ts). */
  notes: string;
  /** The version before it, for compare links; default the newest release in the file. */
  previous?: string | null;
};

export type WriteOutcome = {
  text: string;
  /** `inserted` at the top, `replaced` in place, `unchanged` when the file already said exactly this. */
  action: 'inserted' | 'replaced' | 'unchanged';
};

type Edit = { start: number; end: number; text: string };

const bare = (version: string) => version.replace(/^v(?=\d)/, '');

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * `notes` without the definitions at their end that the file already holds, the same, outside the
 * edited release (the import copies a definition written elsewhere to the end of the notes using it).
 */
function ownNotes(notes: string, format: ChangelogFormat, edited: SectionBlock | null): string {
  const elsewhere = new Map(
    format.layout.definitions
      .filter((d) => !edited || d.start < edited.start || d.start >= edited.end)
      .map((d) => [d.label.toLowerCase(), d.href]),
  );
  const tokens = Lexer.lex(notes.replace(/\r\n/g, '\n'), { gfm: true });
  let keep = tokens.length;
  while (keep > 0) {
    const t = tokens[keep - 1]!;
    if (t.type === 'space') keep -= 1;
    else if (
      t.type === 'def' &&
      elsewhere.get((t as Tokens.Def).tag.toLowerCase()) === (t as Tokens.Def).href
    )
      keep -= 1;
    else break;
  }
  return tokens
    .slice(0, keep)
    .map((t) => t.raw)
    .join('')
    .trimEnd();
}

function section(heading: string, gap: string, notes: string, eol: string): string {
  const body = notes.replace(/\r?\n/g, eol);
  return body ? `${heading}${gap}${body}` : heading;
}

function replaceRelease(
  markdown: string,
  format: ChangelogFormat,
  block: SectionBlock,
  release: ReleaseToWrite,
): Edit {
  const { releases } = format.layout;
  const previous = releases[releases.indexOf(block) + 1]?.reading?.version ?? null;
  const own = readHeadingTemplate(
    markdown.slice(block.start, block.headingEnd),
    block.reading!.version,
    previous,
  );
  const heading = renderHeading(
    own,
    { version: block.reading!.version, date: release.date ?? block.reading!.date, previous: own.previous },
    format.eol,
  );
  const gap =
    block.bodyStart > block.headingEnd
      ? markdown.slice(block.headingEnd, block.bodyStart)
      : format.headingGap;
  // Notes that say what the release already says (as the import reads them) keep their bytes: the
  // comments and spacing the import leaves out of notes stay.
  const current = parseChangelog(markdown).releases.find((r) => r.version === block.reading!.version);
  const same = current !== undefined && sameText(current.notes, release.notes);
  const notes = same ? markdown.slice(block.bodyStart, block.end) : ownNotes(release.notes, format, block);
  return { start: block.start, end: block.end, text: section(heading, gap, notes, format.eol) };
}

const sameText = (a: string, b: string) =>
  a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();

/** The definition of the new release and the `[Unreleased]` link moved to start at it. */
function definitionEdits(
  markdown: string,
  format: ChangelogFormat,
  version: string,
  previous: string | null,
): Edit[] {
  const { definitions, releases } = format.layout;
  if (!format.definition || definitions.some((d) => [version, `v${version}`].includes(d.label.toLowerCase())))
    return [];
  const newest = releases[0]?.reading?.version.toLowerCase();
  const anchor = definitions.find((d) => newest && [newest, `v${newest}`].includes(d.label.toLowerCase()));
  if (!anchor) return [];
  const line = renderHeading(format.definition, { version, date: null, previous }, format.eol);
  const edits: Edit[] = [{ start: anchor.start, end: anchor.start, text: `${line}${format.eol}` }];
  const unreleased = definitions.find((d) => saysUnreleased(d.label));
  if (unreleased && previous) {
    const written = markdown.slice(unreleased.start, unreleased.end);
    const moved = written.replace(versionPattern(previous), version);
    if (moved !== written) edits.push({ start: unreleased.start, end: unreleased.end, text: moved });
  }
  return edits;
}

function insertRelease(
  markdown: string,
  format: ChangelogFormat,
  release: ReleaseToWrite,
  version: string,
): Edit[] {
  const newest = format.layout.releases[0];
  const previous = release.previous === undefined ? (newest?.reading?.version ?? null) : release.previous;
  const heading = renderHeading(format.heading, { version, date: release.date, previous }, format.eol);
  const text = section(heading, format.headingGap, ownNotes(release.notes, format, null), format.eol);
  const edits = definitionEdits(markdown, format, version, previous && bare(previous));
  if (newest)
    return [{ start: newest.start, end: newest.start, text: `${text}${format.releaseGap}` }, ...edits];
  const at = format.layout.preambleEnd;
  const eol = format.eol;
  const before = at > 0 ? `${eol}${eol}` : '';
  const after = at === markdown.length ? eol : '';
  return [{ start: at, end: at, text: `${before}${text}${after}` }, ...edits];
}

/** What a changelog that does not exist yet starts as. */
export const NEW_CHANGELOG = '# Changelog\n';

/**
 * `markdown` with `release` written into it; an empty file is started as {@link NEW_CHANGELOG}.
 * @param format the file's format when already read (restyle-notes.ts needs it first).
 */
export function writeChangelogRelease(
  written: string,
  release: ReleaseToWrite,
  format: ChangelogFormat = readChangelogFormat(written.trim() === '' ? NEW_CHANGELOG : written),
): WriteOutcome {
  const markdown = written.trim() === '' ? NEW_CHANGELOG : written;
  const version = bare(release.version);
  const existing = format.layout.releases.find((r) => r.reading?.version === version);
  const edits = existing
    ? [replaceRelease(markdown, format, existing, release)]
    : insertRelease(markdown, format, release, version);
  const text = applyEdits(markdown, edits);
  return { text, action: text === written ? 'unchanged' : existing ? 'replaced' : 'inserted' };
}
