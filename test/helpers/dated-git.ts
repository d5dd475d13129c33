/**
 * Building fixture repositories commit by commit: git run as the fixture author and committer at a
 * date the test chooses (so history and tag dates are fixed), and commits of files written first.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Who makes fixture commits, as git's environment variables. */
export const FIXTURE_IDENTITY = {
  GIT_AUTHOR_NAME: 'Fixture',
  GIT_AUTHOR_EMAIL: 'fixture@example.com',
  GIT_COMMITTER_NAME: 'Fixture',
  GIT_COMMITTER_EMAIL: 'fixture@example.com',
};

/** `git args` in the repository; authored and committed at `date` (ISO 8601). Resolves to stdout. */
export type DatedGit = (args: string[], date: string) => Promise<string>;

export function datedGit(dir: string): DatedGit {
  return async (args, date) => {
    const env = { ...process.env, ...FIXTURE_IDENTITY, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
    return (await exec('git', args, { cwd: dir, env })).stdout;
  };
}

/** Write `files` (path → text, folders made) into `dir`, then commit all changes as `message` at `date`. */
export async function commitFiles(
  git: DatedGit,
  dir: string,
  message: string,
  date: string,
  files: Record<string, string>,
): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await git(['add', '--all'], date);
  await git(['commit', '-q', '-m', message], date);
}
