/**
 * `shiplog import <project-slug> --changelog CHANGELOG.md [--git-dir .] [--dry-run] [--json]` as a user
 * runs it, on a real git repository with tags (test/helpers/changelog-repo.ts): once as a child process,
 * the other variants through `main()` in this process; with a server running, through its admin socket
 * (the embedded database) or beside it (PostgreSQL), its widget showing the history at once.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/connect.ts';
import { buildChangelogRepo, type ChangelogRepo, RELEASES } from '../../helpers/changelog-repo.ts';
import { runCli, runCliInProcess, useCliEnv, whileServing } from '../../helpers/run-cli.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

const env = useCliEnv();
let repo: ChangelogRepo;
let changelog: string;

beforeAll(async () => {
  repo = await buildChangelogRepo();
  changelog = join(repo.dir, 'CHANGELOG.md');
  for (const slug of ['rocket', 'second', 'served'])
    expect(
      (await runCliInProcess(['projects', 'create', '--name', slug, '--slug', slug, '--plan', 'pro'], env))
        .code,
    ).toBe(0);
});
afterAll(() => repo.remove());

/** The database's entries of `slug` (the CLI exited: nothing holds it). */
async function storedEntries(slug: string) {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.SHIPLOG_DATA_DIR!, max: 1 });
  try {
    return await db.sql<
      {
        id: string;
        version: string;
        status: string;
        visibility: string;
        origin: string;
        publishedAt: Date;
        sourceRepository: string | null;
        changes: { commits: string[]; commitDetails: { files: string[] }[] } | null;
      }[]
    >`
      select e.id, e.version, e.status, e.visibility, e.origin, e.published_at, e.source_repository, c.changes
      from entries e join projects p on p.id = e.project_id left join entry_changes c on c.entry_id = e.id
      where p.slug = ${slug} order by e.published_at desc`;
  } finally {
    await db.close();
  }
}

describe('shiplog import', () => {
  it('imports the releases with their tag dates and first-parent commits (child process, --json)', async () => {
    const res = await runCli(
      [
        'import',
        'rocket',
        '--changelog',
        changelog,
        '--git-dir',
        repo.dir,
        '--repository',
        'acme/rocket',
        '--json',
      ],
      env,
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out).toMatchObject({
      imported: 3,
      replaced: 0,
      skipped: [{ version: null, heading: 'Unreleased', reason: 'unreleased' }],
      warnings: [],
      profile: { releasesLearned: expect.any(Number) },
    });
    expect(out.entries.map((e: { version: string }) => e.version)).toEqual(['1.0.0', '0.2.0', '0.1.0']);

    const stored = await storedEntries('rocket');
    expect(stored.map((e) => [e.version, e.publishedAt.toISOString()])).toEqual(
      RELEASES.map((r) => [r.version, r.publishedAt]),
    );
    for (const [i, entry] of stored.entries()) {
      expect(entry).toMatchObject({
        status: 'published',
        visibility: 'external',
        origin: 'import',
        sourceRepository: 'acme/rocket',
      });
      expect(entry.changes!.commits).toEqual(RELEASES[i]!.commits);
      expect(entry.changes!.commitDetails.map((d) => d.files)).toEqual(RELEASES[i]!.files);
    }
  });

  it('--dry-run says what would be imported and writes nothing; the import then runs, and again replaces', async () => {
    const dry = await runCliInProcess(
      ['import', 'second', '--changelog', changelog, '--git-dir', repo.dir, '--dry-run'],
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
      (await runCliInProcess(['import', 'second', '--changelog', changelog, '--dry-run', '--json'], env))
        .stdout,
    );
    // Without --git-dir, the dateless 1.0.0 cannot be dated.
    expect(dryJson.releases.map((r: { version: string }) => r.version)).toEqual(['0.2.0', '0.1.0']);
    expect(await storedEntries('second')).toEqual([]);

    const first = await runCliInProcess(
      ['import', 'second', '--changelog', changelog, '--git-dir', repo.dir],
      env,
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.split('\n').slice(0, 2)).toEqual([
      'Imported 3 release(s) into second (3 new, 0 replaced): 1.0.0, 0.2.0, 0.1.0. Nothing was sent to subscribers or channels.',
      '  skipped Unreleased: unreleased',
    ]);
    expect(first.stdout).toMatch(/\nThe drafting profile has learned from \d+ release\(s\)\.\n$/);
    const ids = (await storedEntries('second')).map((e) => e.id);
    const again = await runCliInProcess(
      ['import', 'second', '--changelog', changelog, '--git-dir', repo.dir],
      env,
    );
    expect(again.stdout).toMatch(/\(0 new, 3 replaced\)/);
    expect((await storedEntries('second')).map((e) => e.id)).toEqual(ids);
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
        [['import', 'nope', '--changelog', changelog], /^shiplog: No project with slug "nope"\n$/],
        [
          ['import', 'rocket', '--changelog', join(dir, 'missing.md')],
          /^shiplog: cannot read the changelog .*missing\.md: ENOENT\n$/,
        ],
        [
          ['import', 'rocket', '--changelog', changelog, '--git-dir', dir],
          /^shiplog: .* is not a git repository \(give --git-dir/,
        ],
        [
          ['import', 'rocket', '--changelog', prose],
          /^shiplog: no release found in .*NOTES\.md: versions are read from headings/,
        ],
        [
          ['import', 'rocket', '--changelog', changelog, '--repository', 'not a repo'],
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

  it(
    'while the server runs, goes through it, and its widget shows the history at once',
    { timeout: 60_000 },
    async () => {
      await whileServing(env, async (server) => {
        const widget = async () =>
          (
            (await (await fetch(`${server.url}/api/widget/served`)).json()) as {
              entries: { version: string }[];
            }
          ).entries;
        // Cached empty by the server before the import.
        expect(await widget()).toEqual([]);
        const res = await runCliInProcess(
          ['import', 'served', '--changelog', changelog, '--git-dir', repo.dir],
          env,
        );
        expect(res.code, res.stderr).toBe(0);
        // Through the admin socket the server refreshes its cache before answering; beside a server on
        // PostgreSQL, its NOTIFY reaches the server a moment later.
        const shown = await waitUntil('the widget shows the import', async () => {
          const versions = (await widget()).map((e) => e.version);
          return versions.length > 0 && versions;
        });
        expect(shown).toEqual(['1.0.0', '0.2.0', '0.1.0']);
      });
    },
  );
});
