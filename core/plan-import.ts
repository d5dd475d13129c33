/**
 * What an import sends (CONTRACT.md "History and the drafting profile"): the changelog's releases
 * (parse-changelog.ts) with, when git was read (collect-history.ts), each one's tag date and commits,
 * as `POST /api/v1/entries/import` releases, in calls of at most 100 releases and 6 MiB (the route
 * takes 100 and 8 MiB). Shared by `shiplog import` and the Action. Pure.
 *
 * The date: the heading's day, at the tag's time when the tag was made that day (UTC), else at
 * 00:00 UTC; the tag's time when the heading has no date; neither: the release is skipped.
 */
import type { CommitDetail } from './contract/generate.schema.ts';
import { MAX_IMPORTED_RELEASES } from './contract/history.schema.ts';
import type { ReleaseHistory } from './collect-history.ts';
import type { ChangelogRelease, ParsedChangelog } from './parse-changelog.ts';

/** One release as `POST /api/v1/entries/import` takes it. */
export type ImportRelease = {
  version: string;
  publishedAt: string;
  notes: string;
  title?: string;
  commits?: string[];
  commitDetails?: CommitDetail[];
};

export type PlannedRelease = {
  release: ImportRelease;
  /** What git said about it, when it was read. */
  history: ReleaseHistory | null;
};

export type ImportPlan = {
  releases: PlannedRelease[];
  /** Sections of the changelog and releases that will not be imported, with the reason. */
  skipped: { heading: string; version: string | null; reason: string }[];
};

/** The longest notes an imported release takes (CONTRACT.md: 1-100,000 characters). */
const MAX_NOTES = 100_000;

/** Keeps each call well under the route's 8 MiB. */
export const MAX_BATCH_BYTES = 6 * 1024 * 1024;

function publishedAt(release: ChangelogRelease, history: ReleaseHistory | null): string | null {
  const tagged = history?.taggedAt ? new Date(history.taggedAt) : null;
  const taggedValid = tagged && !Number.isNaN(tagged.getTime()) ? tagged : null;
  if (release.date)
    return taggedValid?.toISOString().slice(0, 10) === release.date
      ? taggedValid.toISOString()
      : `${release.date}T00:00:00.000Z`;
  return taggedValid?.toISOString() ?? null;
}

/**
 * @param histories one per release of `parsed` (the same order), or null when git was not read.
 * @param now releases dated later than this are skipped (the import takes only past ones).
 */
export function planImport(
  parsed: ParsedChangelog,
  histories: readonly ReleaseHistory[] | null,
  now: Date,
): ImportPlan {
  const plan: ImportPlan = { releases: [], skipped: [...parsed.skipped] };
  parsed.releases.forEach((release, i) => {
    const history = histories?.[i] ?? null;
    const at = publishedAt(release, history);
    const skip = (reason: string) =>
      plan.skipped.push({ heading: release.heading, version: release.version, reason });
    if (!at)
      return skip(
        histories
          ? 'no date: the heading gives none and no tag names this version'
          : 'no date in the heading (give the git directory: its tag dates it)',
      );
    if (new Date(at).getTime() >= now.getTime()) return skip(`dated ${at.slice(0, 10)}, not yet`);
    if (release.notes.length > MAX_NOTES)
      return skip(`notes longer than ${MAX_NOTES.toLocaleString('en')} characters`);
    const commits = history?.commits.length ? history.commits : null;
    plan.releases.push({
      release: {
        version: release.version,
        publishedAt: at,
        notes: release.notes,
        ...(release.title ? { title: release.title.slice(0, 200) } : {}),
        ...(commits ? { commits, commitDetails: history!.commitDetails } : {}),
      },
      history,
    });
  });
  return plan;
}

/** `releases` in calls the route takes: at most 100 releases and {@link MAX_BATCH_BYTES} of JSON each. */
export function importBatches<T extends ImportRelease>(releases: readonly T[]): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const release of releases) {
    const size = Buffer.byteLength(JSON.stringify(release));
    if (current.length > 0 && (current.length >= MAX_IMPORTED_RELEASES || bytes + size > MAX_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(release);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
