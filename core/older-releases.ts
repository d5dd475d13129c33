/**
 * The releases of a changelog older than the one being drafted (docs/github-action.md "Learning from
 * the changelog"): the Action's `import-changelog` and its drafting without a server learn only from
 * these, never from the version it drafts or a newer one (the profile must not learn from the answer).
 * Versions are compared by semver after the tag's prefix (`v`, `name@`, `name-v`); one semver cannot
 * read is left out only when it is the drafted version, written the same way. Pure.
 */
import semver from 'semver';
import { splitTag } from './drafting/index.ts';

const readable = (version: string) => {
  const written = splitTag(version)?.[1] ?? version;
  return semver.parse(written, { loose: true }) ?? semver.coerce(written, { includePrerelease: true });
};

const bare = (version: string) => splitTag(version)?.[1] ?? version;

/**
 * @param drafting the version or tag being drafted (`v1.4.0`), or null when none is known (then all are kept).
 * @returns the items of `releases` whose version is below it, in their order.
 */
export function olderReleases<T extends { version: string }>(
  releases: readonly T[],
  drafting: string | null,
): T[] {
  if (!drafting) return [...releases];
  const limit = readable(drafting);
  return releases.filter((r) => {
    if (bare(r.version) === bare(drafting)) return false;
    const version = readable(r.version);
    return !limit || !version || semver.lt(version, limit);
  });
}
