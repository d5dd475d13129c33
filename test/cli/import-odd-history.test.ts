/**
 * `shiplog import --git-dir` as a child process on a history that is not tidy: a range git cannot read
 * (one of its commits is missing from the object store), a version the changelog names twice, and a
 * heading date weeks away from its tag's. Each is reported in git's or the import's own words, and
 * the rest is imported.
 */
import { rm } from 'node:fs/promises';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles, datedGit } from '../helpers/dated-git.ts';
import { runCli, runCliInProcess, useCliEnv } from '../helpers/run-cli.ts';

const env = useCliEnv();
let dir: string;

const CHANGELOG = `# Changelog

## 1.2.0 - 2024-03-01

- Added exports.

## 1.1.0 - 2024-02-01

- Fixed the crash on start.

## 1.2.0

- See above.

## 1.0.0 - 2024-01-01

- First release: the config file is read.
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shiplog-odd-history-'));
  const git = datedGit(dir);
  await git(['init', '-q', '-b', 'main'], '2024-01-01T10:00:00Z');
  await commitFiles(git, dir, 'feat: read the config', '2024-01-20T10:00:00Z', { 'src/config.ts': '1\n' });
  // Tagged weeks after the changelog's date.
  await git(['tag', 'v1.0.0'], '2024-01-20T10:00:00Z');
  await commitFiles(git, dir, 'fix: crash on start', '2024-01-30T10:00:00Z', { 'src/start.ts': '2\n' });
  const lost = (await git(['rev-parse', 'HEAD'], '2024-01-30T10:00:00Z')).trim();
  await commitFiles(git, dir, 'fix: start once', '2024-02-01T09:00:00Z', { 'src/start.ts': '3\n' });
  await git(['tag', 'v1.1.0'], '2024-02-01T09:00:00Z');
  await commitFiles(git, dir, 'feat: export', '2024-03-01T08:00:00Z', { 'src/export.ts': '4\n' });
  await git(['tag', 'v1.2.0'], '2024-03-01T08:00:00Z');
  await writeFile(join(dir, 'CHANGELOG.md'), CHANGELOG);
  // A commit of 1.1.0's range is gone from the object store: git cannot walk v1.0.0..v1.1.0.
  await rm(join(dir, '.git', 'objects', lost.slice(0, 2), lost.slice(2)));
  expect(
    (await runCliInProcess(['projects', 'create', '--name', 'Odd', '--slug', 'odd', '--plan', 'pro'], env))
      .code,
  ).toBe(0);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('shiplog import on an untidy history', () => {
  it(
    "skips the version git cannot read with git's own message, keeps the longer of a version named twice, warns of a date far from its tag, and imports the rest",
    { timeout: 180_000 },
    async () => {
      const args = ['import', 'odd', '--changelog', join(dir, 'CHANGELOG.md'), '--git-dir', dir];
      const dry = await runCliInProcess([...args, '--dry-run'], env);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(
        /skipped "1\.1\.0 - 2024-02-01": git could not read v1\.0\.0\.\.v1\.1\.0: error: Could not read [0-9a-f]{40}/,
      );
      expect(dry.stdout).not.toContain('Command failed');

      const res = await runCli([...args, '--json'], env);
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      const out = JSON.parse(res.stdout);
      expect(out.entries.map((e: { version: string }) => e.version)).toEqual(['1.2.0', '1.0.0']);
      expect(out.skipped).toEqual([
        { version: '1.2.0', heading: '1.2.0', reason: 'duplicate' },
        {
          version: '1.1.0',
          heading: '1.1.0 - 2024-02-01',
          reason: expect.stringMatching(
            /^git could not read v1\.0\.0\.\.v1\.1\.0: error: Could not read [0-9a-f]{40}/,
          ),
        },
      ]);
      expect(out.warnings).toEqual([
        {
          version: '1.0.0',
          message:
            "the changelog dates it 2024-01-01, its tag 2024-01-20: imported with the changelog's date",
        },
      ]);
      // 1.2.0's range starts at the tag git could not walk to, and is read all the same.
      expect(out.profile.releasesLearned).toBe(2);

      const text = await runCliInProcess(args, env);
      expect(text.stdout).toContain(
        "  warning: 1.0.0: the changelog dates it 2024-01-01, its tag 2024-01-20: imported with the changelog's date\n",
      );
      expect(text.stdout).toContain('  skipped 1.2.0: duplicate\n');
    },
  );
});
