/**
 * A drafted (or published) release written into a changelog: its Markdown body laid out as the file
 * lays out notes (restyle-notes.ts), then written at the top or in place (write-changelog-release.ts).
 * What the Action's `update-changelog` and the App's changelog pull request both do. Pure.
 */
import { parseChangelog } from '../parse-changelog.ts';
import { readChangelogFormat } from './read-changelog-format.ts';
import { restyleNotes } from './restyle-notes.ts';
import { NEW_CHANGELOG, type WriteOutcome, writeChangelogRelease } from './write-changelog-release.ts';

const bare = (version: string) => version.replace(/^v(?=\d)/, '');

export type DraftedRelease = {
  /** Without a tag prefix (`1.2.0`). */
  version: string;
  /** `YYYY-MM-DD`; null keeps an existing release's date (and writes none for a new one). */
  date: string | null;
  /** The draft's (or entry's) Markdown body. */
  body: string;
  /** The previous release's version, for compare links; default the newest in the file. */
  previous?: string | null;
};

/**
 * @param markdown the changelog as it is ('' when there is none yet).
 * @param headingFor the file's section heading for a heading of the body (default: the same words).
 */
export function writeDraftedRelease(
  markdown: string,
  release: DraftedRelease,
  headingFor?: (heading: string) => string,
): WriteOutcome {
  const format = readChangelogFormat(markdown.trim() === '' ? NEW_CHANGELOG : markdown);
  // The file's own notes of that version (as the import reads them) are already in its layout: written
  // back as they are, they leave the file byte-identical. A draft is laid out the file's way.
  const own = parseChangelog(markdown).releases.find((r) => bare(r.version) === bare(release.version));
  const notes =
    own && own.notes.trim() === release.body.trim()
      ? own.notes
      : restyleNotes(release.body, format.notes, headingFor);
  return writeChangelogRelease(
    markdown,
    { version: release.version, date: release.date, notes, previous: release.previous },
    format,
  );
}
