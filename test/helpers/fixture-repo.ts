/**
 * A real git repository made from release fixtures: the commits of consecutive releases, oldest
 * first, with their real messages, each release tagged. Extra tags can be added (pre-releases,
 * crate tags) to exercise previous-release selection.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Release } from '../fixtures/releases/load-releases.ts';
import { FIXTURE_IDENTITY } from './dated-git.ts';

const exec = promisify(execFile);

export type FixtureRepo = {
  dir: string;
  git: (args: string[]) => Promise<string>;
  remove: () => Promise<void>;
};

export async function buildFixtureRepo(
  releases: Release[],
  extraTags: { tag: string; after: string }[] = [],
): Promise<FixtureRepo> {
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-repo-'));
  const env = {
    ...process.env,
    ...FIXTURE_IDENTITY,
  };
  const git = async (args: string[], input?: string) => {
    const child = exec('git', args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
    if (input !== undefined) {
      child.child.stdin!.end(input);
    }
    return (await child).stdout;
  };
  await git(['init', '-q', '-b', 'main']);
  await git(['commit', '-q', '--allow-empty', '-m', 'Initial commit']);
  if (releases[0]) await git(['tag', releases[0].previousTag]);
  for (const release of releases) {
    for (const commit of [...release.commits].reverse())
      await git(['commit', '-q', '--allow-empty', '--cleanup=verbatim', '-F', '-'], commit.message);
    await git(['tag', release.tag]);
    for (const extra of extraTags.filter((t) => t.after === release.tag)) await git(['tag', extra.tag]);
  }
  return { dir, git: (args) => git(args), remove: () => rm(dir, { recursive: true, force: true }) };
}
