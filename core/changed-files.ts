/**
 * What one change touched, as generate takes it (docs/api.md#generate-a-draft-from-commits-and-pull-requests,
 * `commitDetails` and `pullRequests[].files`): its changed paths (at most 300, renamed files under their
 * new path) and its added and deleted lines (binary files count none). Evidence for drafting: a change
 * touching only docs, tests, CI or tooling is Maintenance, one touching the product's sources is never
 * dropped for its words. A change of more than 300 files goes without a file list (its lines only):
 * the first 300 of them could all be docs while the rest are the product. Pure.
 */
import { type CommitDetail, MAX_CHANGED_FILES, MAX_COMMITS } from './contract/generate.schema.ts';

export type ChangedFiles = {
  /**
   * Repository-relative paths, in the order they came; null when there are more than
   * {@link MAX_CHANGED_FILES} (a partial list would mislead).
   */
  files: string[] | null;
  /** Lines added and deleted by every file of the change. */
  additions: number;
  deletions: number;
};

/** `paths` once each; null past {@link MAX_CHANGED_FILES}. */
export function wholePaths(paths: Iterable<string>): string[] | null {
  const once = [...new Set(paths)];
  return once.length > MAX_CHANGED_FILES ? null : once;
}

/**
 * Several changes as one (a rebase-merged pull request's commits): their paths once each (null when
 * one of them had too many to list, or all of them do), lines summed.
 */
export function mergeChangedFiles(changes: readonly ChangedFiles[]): ChangedFiles {
  const unknown = changes.some((c) => c.files === null);
  return {
    files: unknown ? null : wholePaths(changes.flatMap((c) => c.files ?? [])),
    additions: changes.reduce((sum, c) => sum + c.additions, 0),
    deletions: changes.reduce((sum, c) => sum + c.deletions, 0),
  };
}

/**
 * Whether `path` lies under one of `prefixes` (`include-paths`, a component's directories: what git's
 * pathspec and GitHub's `path` filter take), so a change's evidence covers what was drafted of it.
 */
export function underPaths(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => {
    const dir = prefix.replace(/^\.\/?/, '').replace(/\/+$/, '');
    return dir === '' || path === dir || path.startsWith(`${dir}/`);
  });
}

/**
 * generate's `commitDetails` for `changes` sent as `commits` in this order (the lead messages first: a
 * pull request's title and description, which stand for the whole pull request), by index, each with
 * its commit's SHA when given (so a revert that names it cancels it); changes
 * with nothing known or too many files to list are left out (a detail needs its files), and so is
 * anything past the 500th commit.
 */
export function commitDetailsOf(
  changes: readonly ((ChangedFiles & { sha?: string | undefined }) | undefined)[],
): CommitDetail[] {
  return changes.slice(0, MAX_COMMITS).flatMap((change, index) => {
    if (!change?.files) return [];
    const { files, additions, deletions, sha } = change;
    return [{ index, files, additions, deletions, ...(sha ? { sha } : {}) }];
  });
}
