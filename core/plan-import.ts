/**
 * What an import sends (docs/api.md#import-history-and-the-drafting-profile): the changelog's releases
 * (parse-changelog.ts) with, when git was read (collect-history.ts), each one's tag date and commits,
 * as `POST /api/v1/entries/import` releases (sent in calls by portable/import-batches.ts). Shared by
 * `shiplog import` and the Action. Pure.
 *
 * The date: the heading's day, at the tag's time when the tag was made that day (UTC), else at
 * 00:00 UTC; the tag's time when the heading has no date; neither: the release is skipped. A heading
 * date more than a day from the tag's is kept (the changelog says when users got it) and reported:
 * the release carries `taggedAt`, and the import answers with a warning (docs/api.md).
 */
import type { CommitDetail } from './contract/generate.schema.ts';
import type { ReleaseHistory } from './collect-history.ts';
import type { ChangelogRelease, ParsedChangelog } from './parse-changelog.ts';

/** One release as `POST /api/v1/entries/import` takes it. */
export type ImportRelease = {
  version: string;
  publishedAt: string;
  notes: string;
  title?: string;
  /** The tag's date, when git was read: the import warns when `publishedAt` is a day or more from it. */
  taggedAt?: string;
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

/** The longest notes an imported release takes (docs/api.md#import-history-and-the-drafting-profile: 1-100,000 characters). */
const MAX_NOTES = 100_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The warning for a release dated `publishedAt` whose tag was made at `taggedAt`, when their days (UTC)
 * are more than a day apart (a release tagged late in the evening and dated the next day is not); null
 * otherwise. Said the same way by the import's answer and `--dry-run`.
 */
export function tagDateWarning(publishedAt: Date, taggedAt: Date | null | undefined): string | null {
  if (!taggedAt) return null;
  const day = (d: Date) => Math.floor(d.getTime() / DAY_MS);
  if (Math.abs(day(publishedAt) - day(taggedAt)) <= 1) return null;
  const date = (d: Date) => d.toISOString().slice(0, 10);
  return `the changelog dates it ${date(publishedAt)}, its tag ${date(taggedAt)}: imported with the changelog's date`;
}

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
    if (history?.error) return skip(history.error);
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
    const taggedAt =
      history?.taggedAt && !Number.isNaN(Date.parse(history.taggedAt)) ? history.taggedAt : null;
    plan.releases.push({
      release: {
        version: release.version,
        publishedAt: at,
        notes: release.notes,
        ...(release.title ? { title: release.title.slice(0, 200) } : {}),
        ...(taggedAt ? { taggedAt: new Date(taggedAt).toISOString() } : {}),
        ...(commits ? { commits, commitDetails: history!.commitDetails } : {}),
      },
      history,
    });
  });
  return plan;
}
