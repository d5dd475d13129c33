/**
 * The Action without a server on a Python project's reStructuredText changelog (`changelog-file:
 * HISTORY.rst`), through the committed bundle: it learns from the file's releases and their tags as
 * from a Markdown one, and `update-changelog` leaves the file as it is, with a warning (the writer
 * writes Markdown).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles, datedGit } from '../helpers/dated-git.ts';
import { runActionStep } from '../helpers/run-action.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

const HISTORY = `History
=======

1.1.0 (2025-01-06)
~~~~~~~~~~~~~~~~~~

- Fixed a crash in the \`\`parse\`\` command (:issue:\`4\`).

1.0.0 (2025-01-03)
~~~~~~~~~~~~~~~~~~

- Added the \`\`read\`\` command.
`;

let dir: string;
let work: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shiplog-rst-runner-'));
  work = await mkdtemp(join(tmpdir(), 'shiplog-rst-work-'));
  const git = datedGit(dir);
  await git(['init', '-q', '-b', 'main'], '2025-01-01T10:00:00Z');
  await commitFiles(git, dir, 'Initial commit', '2025-01-01T10:00:00Z', { 'README.md': '# App\n' });
  await commitFiles(git, dir, 'feat: add the read command', '2025-01-02T10:00:00Z', { 'src/read.py': '1\n' });
  await git(['tag', 'v1.0.0'], '2025-01-03T10:00:00Z');
  await commitFiles(git, dir, 'fix: crash in the parse command', '2025-01-05T10:00:00Z', {
    'src/parse.py': '2\n',
  });
  await git(['tag', 'v1.1.0'], '2025-01-06T10:00:00Z');
  await commitFiles(git, dir, 'feat: add the export command (#12)', '2025-01-08T10:00:00Z', {
    'src/export.py': '3\n',
  });
  await git(['tag', 'v1.2.0'], '2025-01-09T10:00:00Z');
  await writeFile(join(dir, 'HISTORY.rst'), HISTORY);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('the Action without a server, on HISTORY.rst', () => {
  it('learns from its releases and leaves the file unwritten, with a warning', async () => {
    const payload = webhookExample('release', 'published');
    payload.release.tag_name = 'v1.2.0';
    payload.repository.full_name = 'acme/app';
    const result = await runActionStep({
      work,
      workspace: dir,
      repository: 'acme/app',
      inputs: { 'github-token': '', 'changelog-file': 'HISTORY.rst', 'update-changelog': 'true' },
      event: { name: 'release', payload },
      githubApiUrl: 'http://127.0.0.1:65000',
      allowConnections: [],
    });
    expect(result.stdout).not.toMatch(/::error::/);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain(
      "Learned how this project writes its notes from 2 of the changelog's 2 releases",
    );
    expect(result.outputs.changelog).toBe('unchanged');
    expect(result.stdout).toContain(
      '::warning::update-changelog: HISTORY.rst is reStructuredText, and Shiplog writes Markdown changelogs only; it was not changed.',
    );
    expect(await readFile(join(dir, 'HISTORY.rst'), 'utf8')).toBe(HISTORY);
  });
});
