/**
 * `shiplog import` as a user runs it, on a real git repository with tags
 * (test/helpers/changelog-repo.ts): as a child process (--json), the releases stored with their tag
 * dates and first-parent commits; with a server running, through its admin socket (the embedded
 * database) or beside it (PostgreSQL), its widget showing the history at once. The other variants,
 * through `main()` in the test's process, are test/server/cli/import.test.ts (`npm test`).
 */
import { describe, expect, it } from 'vitest';
import { RELEASES } from '../helpers/changelog-repo.ts';
import { importedEntries } from '../helpers/imported-entries.ts';
import { runCli, runCliInProcess, useCliEnv, useImportRepo, whileServing } from '../helpers/run-cli.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const env = useCliEnv();
const repo = useImportRepo(env, ['rocket', 'served']);

describe('shiplog import', () => {
  it('imports the releases with their tag dates and first-parent commits (child process, --json)', async () => {
    const res = await runCli(
      [
        'import',
        'rocket',
        '--changelog',
        repo.changelog,
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

    const stored = await importedEntries(env, 'rocket');
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
          ['import', 'served', '--changelog', repo.changelog, '--git-dir', repo.dir],
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
