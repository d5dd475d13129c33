/**
 * A pull request's changed files (`GET /repos/{owner}/{repo}/pulls/{pull_number}/files`, 100 a page;
 * GitHub lists 3,000 at most), read once per delivery and only as far as asked: a monorepo's components
 * need every page, a pull request's own draft its first 301 files (docs/api.md#generate-a-draft-from-commits-and-pull-requests `commitDetails`: 0-300
 * paths; one more says whether the list is whole), so one list serves both and no page is asked twice.
 *
 * What the draft is told (`evidenceOf`): the paths under the paths drafted (`include-paths`, a
 * component's), renamed files under their new name, and the lines they add and delete; nothing when
 * there are more than 300 (a partial list could make a product change look internal).
 */
import type { PagingGitHubClient } from '../core/github-client.ts';
import { type ChangedFiles, underPaths, wholePaths } from '../core/changed-files.ts';
import { MAX_CHANGED_FILES } from '../core/contract/generate.schema.ts';
import type { IssueRef } from '../core/upsert-draft-comment.ts';

export type PullRequestFile = {
  path: string;
  /** The file's name before a rename, else null. */
  previousPath: string | null;
  additions: number;
  deletions: number;
};

/** The first `max` files of the pull request (fewer when it has fewer), read on first need. */
export type PullRequestFiles = (max: number) => Promise<PullRequestFile[]>;

/** Every file GitHub lists of a pull request. */
export const ALL_FILES = 3000;

export function pullRequestFileReader(octokit: PagingGitHubClient, pr: IssueRef): PullRequestFiles {
  const files: PullRequestFile[] = [];
  let pages: AsyncIterator<{ data: unknown[] }> | null = null;
  let done = false;
  // Calls one after another: a second reader waits for the first's pages instead of asking again.
  let reading: Promise<void> = Promise.resolve();
  const readUpTo = async (max: number) => {
    pages ??= octokit.paginate
      .iterator('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
        owner: pr.owner,
        repo: pr.repo,
        pull_number: pr.number,
        per_page: 100,
      })
      [Symbol.asyncIterator]();
    while (!done && files.length < max) {
      const page = await pages.next();
      if (page.done) done = true;
      else
        for (const f of page.value.data as {
          filename: string;
          previous_filename?: string;
          additions?: number;
          deletions?: number;
        }[])
          files.push({
            path: f.filename,
            previousPath: f.previous_filename ?? null,
            additions: f.additions ?? 0,
            deletions: f.deletions ?? 0,
          });
    }
  };
  return async (max) => {
    reading = reading.then(() => readUpTo(max));
    await reading;
    return files.slice(0, max);
  };
}

/** Every path a file list names, old names of renamed files included (for components' globs). */
export function pathsOf(files: readonly PullRequestFile[]): string[] {
  return files.flatMap((f) => (f.previousPath ? [f.path, f.previousPath] : [f.path]));
}

/**
 * What the pull request touched, as generate takes it, under `paths` when given.
 * @returns null when it touched nothing there, or more than generate's 300 files.
 */
export async function evidenceOf(
  files: PullRequestFiles,
  paths: readonly string[] | undefined,
): Promise<ChangedFiles | null> {
  // Under a path filter the files that count may be anywhere in the list: read all of it. Else one
  // past generate's 300, to know whether the list is whole.
  const listed = await files(paths?.length ? ALL_FILES : MAX_CHANGED_FILES + 1);
  const kept = paths?.length ? listed.filter((f) => underPaths(f.path, paths)) : listed;
  // A partial list could make a product change look internal: past 300 files (or GitHub's 3,000),
  // the pull request is drafted from its words.
  if (kept.length === 0 || kept.length > MAX_CHANGED_FILES || listed.length >= ALL_FILES) return null;
  return {
    files: wholePaths(kept.map((f) => f.path)),
    additions: kept.reduce((sum, f) => sum + f.additions, 0),
    deletions: kept.reduce((sum, f) => sum + f.deletions, 0),
  };
}
