/**
 * A real git repository with a CHANGELOG.md and the tags of its releases, for the import through the
 * CLI and the Action: files changed by each commit (so `--numstat` has something to say), a merged
 * pull request (its branch's commits are not first-parent), three tag forms (`v0.1.0` lightweight,
 * `0.2.0` annotated, `rocket-v1.0.0`) and fixed dates. What each release should carry is in RELEASES.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commitFiles, datedGit } from './dated-git.ts';

export const CHANGELOG = `# Changelog

All notable changes to this project are documented here.

## [Unreleased]

- Next things.

## [1.0.0]

### Added

- Launch rockets from the command line.

## [0.2.0] - 2023-02-15

### Fixed

- The crash on an empty config file (#3).

## [0.1.0] - 2023-01-04

- First release: the config file is read.

[Unreleased]: https://github.com/acme/rocket/compare/rocket-v1.0.0...HEAD
`;

/** What the import should make of each release (newest first, as the changelog lists them). */
export const RELEASES = [
  {
    version: '1.0.0',
    // No date in the heading: the tag's.
    publishedAt: '2023-03-01T08:30:00.000Z',
    commits: ['feat!: launch from the command line'],
    files: [['src/cli.ts']],
  },
  {
    version: '0.2.0',
    // The heading's day, at the annotated tag's time (made that day).
    publishedAt: '2023-02-15T09:00:00.000Z',
    commits: [
      'docs: explain launch',
      'Merge pull request #4 from acme/launch',
      'fix: crash on an empty config (#3)',
    ],
    files: [['docs/launch.md'], ['src/launch.ts', 'test/launch.test.ts'], ['src/config.ts']],
  },
  {
    version: '0.1.0',
    // The heading's day (the tag was made the next day): midnight UTC.
    publishedAt: '2023-01-04T00:00:00.000Z',
    commits: ['feat: parse the config file', 'Initial commit'],
    files: [['src/config.ts'], ['README.md']],
  },
] as const;

export type ChangelogRepo = { dir: string; remove: () => Promise<void> };

export async function buildChangelogRepo(): Promise<ChangelogRepo> {
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-changelog-'));
  const git = datedGit(dir);
  const commit = (message: string, date: string, files: Record<string, string>) =>
    commitFiles(git, dir, message, date, files);
  await git(['init', '-q', '-b', 'main'], '2023-01-01T10:00:00Z');
  await commit('Initial commit', '2023-01-01T10:00:00Z', { 'README.md': '# Rocket\n' });
  await commit('feat: parse the config file', '2023-01-05T12:00:00Z', {
    'src/config.ts': 'export function read() {\n  return {};\n}\n',
  });
  await git(['tag', 'v0.1.0'], '2023-01-05T12:00:00Z');
  await commit('fix: crash on an empty config (#3)', '2023-02-01T10:00:00Z', {
    'src/config.ts': 'export function read(text = "") {\n  return text ? JSON.parse(text) : {};\n}\n',
  });
  await git(['checkout', '-q', '-b', 'launch'], '2023-02-05T10:00:00Z');
  await commit('wip: add launch', '2023-02-05T10:00:00Z', {
    'src/launch.ts': 'export const launch = () => 1;\n',
  });
  await commit('wip: tests', '2023-02-06T10:00:00Z', { 'test/launch.test.ts': 'launch();\n' });
  await git(['checkout', '-q', 'main'], '2023-02-10T10:00:00Z');
  await git(
    ['merge', '-q', '--no-ff', '-m', 'Merge pull request #4 from acme/launch', 'launch'],
    '2023-02-10T10:00:00Z',
  );
  await commit('docs: explain launch', '2023-02-12T10:00:00Z', { 'docs/launch.md': '# Launch\n' });
  await git(['tag', '-a', '0.2.0', '-m', 'Rocket 0.2.0'], '2023-02-15T09:00:00Z');
  await commit('feat!: launch from the command line', '2023-03-01T08:30:00Z', {
    'src/cli.ts': 'import { launch } from "./launch";\nlaunch();\n',
  });
  await git(['tag', 'rocket-v1.0.0'], '2023-03-01T08:30:00Z');
  await commit('docs: changelog', '2023-03-02T10:00:00Z', { 'CHANGELOG.md': CHANGELOG });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
