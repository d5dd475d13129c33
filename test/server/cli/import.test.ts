/**
 * `shiplog import <project-slug> --changelog CHANGELOG.md [--git-dir .] [--dry-run] [--json]` through
 * the CLI's entry, `main()`, in this process, on a real git repository with tags
 * (test/helpers/changelog-repo.ts): a dry run writes nothing, the import then runs and again replaces;
 * bad usage and what cannot be imported. As a child process, and beside a running server, it is
 * test/cli/import.test.ts (`npm run test:cli`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedEntries } from '../../helpers/imported-entries.ts';
import { runCliInProcess, useCliEnv, useImportRepo } from '../../helpers/run-cli.ts';

const env = useCliEnv();
const repo = useImportRepo(env, ['rocket', 'second']);

describe('shiplog import', () => {
  it('--dry-run says what would be imported and writes nothing; the import then runs, and again replaces', async () => {
    const dry = await runCliInProcess(
      ['import', 'second', '--changelog', repo.changelog, '--git-dir', repo.dir, '--dry-run'],
      env,
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`Would import 3 release(s) into second (dry run: nothing was written):
  1.0.0  2023-03-01  1 commit(s) 0.2.0..rocket-v1.0.0
  0.2.0  2023-02-15  3 commit(s) v0.1.0..0.2.0
  0.1.0  2023-01-04  2 commit(s) up to v0.1.0
  skipped "Unreleased": unreleased
`);
    const dryJson = JSON.parse(
      (await runCliInProcess(['import', 'second', '--changelog', repo.changelog, '--dry-run', '--json'], env))
        .stdout,
    );
    // Without --git-dir, the dateless 1.0.0 cannot be dated.
    expect(dryJson.releases.map((r: { version: string }) => r.version)).toEqual(['0.2.0', '0.1.0']);
    expect(await importedEntries(env, 'second')).toEqual([]);

    const first = await runCliInProcess(
      ['import', 'second', '--changelog', repo.changelog, '--git-dir', repo.dir],
      env,
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.split('\n').slice(0, 2)).toEqual([
      'Imported 3 release(s) into second (3 new, 0 replaced): 1.0.0, 0.2.0, 0.1.0. Nothing was sent to subscribers or channels.',
      '  skipped Unreleased: unreleased',
    ]);
    expect(first.stdout).toMatch(/\nThe drafting profile has learned from \d+ release\(s\)\.\n$/);
    const ids = (await importedEntries(env, 'second')).map((e) => e.id);
    const again = await runCliInProcess(
      ['import', 'second', '--changelog', repo.changelog, '--git-dir', repo.dir],
      env,
    );
    expect(again.stdout).toMatch(/\(0 new, 3 replaced\)/);
    expect((await importedEntries(env, 'second')).map((e) => e.id)).toEqual(ids);
  });

  it('exits 2 on bad usage and 1 with one line when it cannot import', async () => {
    const usage = await runCliInProcess(['import', 'rocket'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/required option '--changelog <file>' not specified/);

    const dir = await mkdtemp(join(tmpdir(), 'shiplog-not-git-'));
    try {
      const prose = join(dir, 'NOTES.md');
      await writeFile(prose, '# Notes\n\nWe ship often.\n');
      const failures: [string[], RegExp][] = [
        [['import', 'nope', '--changelog', repo.changelog], /^shiplog: No project with slug "nope"\n$/],
        [
          ['import', 'rocket', '--changelog', join(dir, 'missing.md')],
          /^shiplog: cannot read the changelog .*missing\.md: ENOENT\n$/,
        ],
        [
          ['import', 'rocket', '--changelog', repo.changelog, '--git-dir', dir],
          /^shiplog: .* is not a git repository \(give --git-dir/,
        ],
        [
          ['import', 'rocket', '--changelog', prose],
          /^shiplog: no release found in .*NOTES\.md: versions are read from headings/,
        ],
        [
          ['import', 'rocket', '--changelog', repo.changelog, '--repository', 'not a repo'],
          /^shiplog: repository: must be "owner\/name"\n$/,
        ],
      ];
      for (const [args, message] of failures) {
        const res = await runCliInProcess(args, env);
        expect(res.code, args.join(' ')).toBe(1);
        expect(res.stderr, args.join(' ')).toMatch(message);
        expect(res.stderr.trim().split('\n')).toHaveLength(1);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
