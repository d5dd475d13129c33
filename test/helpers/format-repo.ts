/**
 * A real git repository around one of the committed changelogs (test/fixtures/changelogs/): the file
 * committed as CHANGELOG.md, each of its versions tagged (`v<version>`, oldest first) after commits
 * that change the product's files, then a new range of changes (a feature, a fix naming a URL, a docs
 * change) and,
 * when asked, its tag. For the Action without a server, which learns from the file and its tags.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { parseChangelog } from '../../core/parse-changelog.ts';
import { commitFiles, datedGit } from './dated-git.ts';

export type FormatRepo = {
  dir: string;
  /** The changelog as committed. */
  changelog: string;
  /** The file's versions, newest first. */
  versions: string[];
  /** The version after the newest, with a feature since: the newest's minor bumped (patch below 1.0.0). */
  next: string;
  remove: () => Promise<void>;
};

export function fixtureChangelog(name: string): string {
  return readFileSync(join(import.meta.dirname, '../fixtures/changelogs', name), 'utf8');
}

export async function buildFormatRepo(
  file: string,
  options: { tagNext?: boolean } = {},
): Promise<FormatRepo> {
  const changelog = fixtureChangelog(file);
  const versions = parseChangelog(changelog).releases.map((r) => r.version);
  const oldestFirst = [...versions].sort((a, b) => semver.compare(semver.coerce(a)!, semver.coerce(b)!));
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-format-'));
  const git = datedGit(dir);
  let day = 1;
  const at = () => `2025-01-${String(day++).padStart(2, '0')}T10:00:00Z`;
  await git(['init', '-q', '-b', 'main'], at());
  await commitFiles(git, dir, 'Initial commit', at(), { 'CHANGELOG.md': changelog, 'README.md': '# App\n' });
  for (const version of oldestFirst) {
    await commitFiles(git, dir, `feat: add the ${version} command`, at(), {
      [`src/${version}.ts`]: `export const v = '${version}';\n`,
    });
    await commitFiles(git, dir, `fix: crash in the ${version} parser`, at(), {
      [`src/${version}.ts`]: `export const v = '${version}!';\n`,
    });
    await git(['tag', `v${version}`], at());
  }
  await commitFiles(git, dir, 'feat: add the export command (#12)', at(), {
    'src/export.ts': 'export {};\n',
  });
  // A URL and a word with an underscore: the drafter escapes the one (`https:\/\/`), a changelog neither.
  await commitFiles(
    git,
    dir,
    'fix: crash on an empty input_file from https://example.com/feed_v2 (#13)',
    at(),
    {
      'src/read.ts': 'export {};\n',
    },
  );
  await commitFiles(git, dir, 'docs: explain the export command', at(), { 'docs/export.md': '# Export\n' });
  const newest = semver.coerce(oldestFirst.at(-1)!)!;
  const next = semver.inc(newest, newest.major === 0 ? 'patch' : 'minor')!;
  if (options.tagNext) await git(['tag', `v${next}`], at());
  return { dir, changelog, versions, next, remove: () => rm(dir, { recursive: true, force: true }) };
}
