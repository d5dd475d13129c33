/**
 * What each first-parent commit of a range changed, from a local checkout, in one `git log` (docs/api.md#generate-a-draft-from-commits-and-pull-requests
 * `commitDetails`: "the Action sends them from git (first-parent diff of each commit)"): a merge's diff
 * against its first parent (`--diff-merges=first-parent`: what the merge brought into the branch), a
 * root commit's against the empty tree (`--root`), an ordinary commit's against its parent; the same
 * as `git diff --numstat -z <sha>^1 <sha>` per commit, without a process per commit. `--numstat -z`
 * gives paths verbatim (no quoting), a rename (`-M`) as its new path, and `-` for a binary file's
 * lines, counted as 0. A commit of more than 300 paths keeps its line counts and no file list.
 */
import { type ChangedFiles, wholePaths } from './changed-files.ts';

/** Runs `git <args>` in the checkout (collect-commits.ts's `GitRunner`). */
type GitRunner = (args: string[]) => Promise<string>;

const HEADER = /^\x1e([0-9a-f]{40,64})$/;
const NUMSTAT = /^(\d+|-)\t(\d+|-)\t([^]*)$/;

/**
 * `git log -z --numstat --format=%x1e%H` output → sha → what it changed. Tokens are NUL-separated: a
 * `\x1e<sha>` header, then `added\tdeleted\tpath` (the first after a newline), or for a rename
 * `added\tdeleted\t` followed by the old and the new path as two tokens.
 */
export function parseNumstatLog(out: string): Map<string, ChangedFiles> {
  const found = new Map<string, ChangedFiles>();
  const tokens = out.split('\0');
  let current: { paths: string[]; additions: number; deletions: number } | null = null;
  const flush = (sha: string | null) => {
    if (sha && current)
      found.set(sha, {
        files: wholePaths(current.paths),
        additions: current.additions,
        deletions: current.deletions,
      });
  };
  let sha: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!.replace(/^\n/, '');
    const header = HEADER.exec(token);
    if (header) {
      flush(sha);
      sha = header[1]!;
      current = { paths: [], additions: 0, deletions: 0 };
      continue;
    }
    const stat = NUMSTAT.exec(token);
    if (!stat || !current) continue;
    current.additions += stat[1] === '-' ? 0 : Number(stat[1]);
    current.deletions += stat[2] === '-' ? 0 : Number(stat[2]);
    let path = stat[3]!;
    // A rename: the old path and the new one follow; the change is listed under the new one.
    if (path === '') {
      path = tokens[i + 2] ?? '';
      i += 2;
    }
    if (path !== '') current.paths.push(path);
  }
  flush(sha);
  return found;
}

/**
 * @param spec a revision range (`v1.0.0..v1.1.0`, or a ref for its whole history).
 * @param paths with them, each commit's diff is limited to them (a component's or `include-paths`).
 * @param limit the newest commits to read, as the messages were read.
 * @returns sha → what the commit changed, for the first-parent commits of `spec`.
 */
export async function readFirstParentDiffs(
  git: GitRunner,
  spec: string,
  paths: readonly string[],
  limit: number,
): Promise<Map<string, ChangedFiles>> {
  const out = await git([
    'log',
    '--first-parent',
    '--diff-merges=first-parent',
    '--root',
    '-M',
    '--numstat',
    '-z',
    '--no-color',
    `--max-count=${limit}`,
    '--format=%x1e%H',
    spec,
    ...(paths.length ? ['--', ...paths] : []),
  ]);
  return parseNumstatLog(out);
}
