/**
 * `shiplog import --changelog CHANGELOG.rst --git-dir .` as a child process, the way a Python project
 * runs it: a reStructuredText changelog (overlined title, versions underlined, a sub-section, a date on
 * the line after a title, bullets with continuation lines, literals, links, roles) imported with its
 * tags, and the stored entries' notes readable Markdown.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import { commitFiles, datedGit } from '../helpers/dated-git.ts';
import { runCli, runCliInProcess, useCliEnv } from '../helpers/run-cli.ts';

const env = useCliEnv();
let dir: string;

const CHANGELOG = `=========
Changelog
=========

Unreleased
----------

- Work in progress.

\`1.1.0\`_
--------

Released 2024-02-10

Fixed
~~~~~

- Reading \`\`config.toml\`\` no longer fails on an empty
  file (:issue:\`12\`, thanks :user:\`ada\`).

1.0.0
-----

- First release: see \`the guide <https://example.com/guide>\`_.

.. _1.1.0: https://example.com/releases/1.1.0
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shiplog-rst-'));
  const git = datedGit(dir);
  await git(['init', '-q', '-b', 'main'], '2024-01-01T10:00:00Z');
  await commitFiles(git, dir, 'feat: read the config', '2024-01-05T10:00:00Z', { 'src/config.py': '1\n' });
  await git(['tag', 'v1.0.0'], '2024-01-05T10:00:00Z');
  await commitFiles(git, dir, 'fix: empty config file', '2024-02-10T09:00:00Z', { 'src/config.py': '2\n' });
  await git(['tag', 'v1.1.0'], '2024-02-10T09:00:00Z');
  await writeFile(join(dir, 'CHANGELOG.rst'), CHANGELOG);
  expect(
    (await runCliInProcess(['projects', 'create', '--name', 'Py', '--slug', 'py', '--plan', 'pro'], env))
      .code,
  ).toBe(0);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function storedEntries() {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.SHIPLOG_DATA_DIR!, max: 1 });
  try {
    return await db.sql<{ version: string; publishedAt: Date; body: string }[]>`
      select e.version, e.published_at, e.body from entries e join projects p on p.id = e.project_id
      where p.slug = 'py' order by e.published_at desc`;
  } finally {
    await db.close();
  }
}

describe('shiplog import of a reStructuredText changelog', () => {
  it('imports its releases, dated by the changelog or the tag, with Markdown notes', async () => {
    const res = await runCli(
      ['import', 'py', '--changelog', join(dir, 'CHANGELOG.rst'), '--git-dir', dir, '--json'],
      env,
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.entries.map((e: { version: string }) => e.version)).toEqual(['1.1.0', '1.0.0']);
    expect(out.skipped).toEqual([{ version: null, heading: 'Unreleased', reason: 'unreleased' }]);
    expect(out.warnings).toEqual([]);

    const stored = await storedEntries();
    expect(stored.map((e) => [e.version, e.publishedAt.toISOString()])).toEqual([
      // The changelog's day, at the tag's time (made that day); the undated 1.0.0 at its tag's.
      ['1.1.0', '2024-02-10T09:00:00.000Z'],
      ['1.0.0', '2024-01-05T10:00:00.000Z'],
    ]);
    expect(stored[0]!.body).toContain(
      '### Fixed\n\n- Reading `config.toml` no longer fails on an empty\n  file (#12, thanks @ada).',
    );
    expect(stored[1]!.body).toContain('- First release: see [the guide](https://example.com/guide).');
  });
});
