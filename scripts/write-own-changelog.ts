/**
 * Shiplog's own CHANGELOG.md, made with Shiplog (`npm run changelog`): this repository's first-parent
 * history, read as the Action reads a release from a checkout (core/collect-commits.ts: each commit's
 * message, files and line counts), drafted by the offline drafter with the built-in defaults
 * (core/drafting `draftRelease`: no profile, no AI, no server), and written into the changelog as the
 * release of package.json's version, dated by its last commit (core/changelog-file: a section already
 * there for that version is replaced in place, so running it again after more commits refreshes it).
 *
 * Usage: `npm run changelog [-- --git-dir <dir>] [--out <file>] [--version <x.y.z>] [--from <ref>]`.
 * Defaults: this checkout, its CHANGELOG.md, package.json's version, the whole history (the repository
 * has no release tag yet; once it has, `--from <previous tag>`). More than 500 commits: the newest 500
 * are drafted, and it says so.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { commitDetailsOf } from '../core/changed-files.ts';
import { writeDraftedRelease } from '../core/changelog-file/write-drafted-release.ts';
import { collectFromGit } from '../core/collect-commits.ts';
import { draftRelease } from '../core/drafting/index.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    'git-dir': { type: 'string', default: root },
    out: { type: 'string' },
    version: { type: 'string' },
    from: { type: 'string' },
  },
});
const dir = resolve(values['git-dir']);
const git = async (args: string[]) =>
  (await run('git', ['-C', dir, ...args], { maxBuffer: 256 * 1024 * 1024 })).stdout;
const out = resolve(values.out ?? join(dir, 'CHANGELOG.md'));
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
const version = values.version ?? pkg.version;

const collected = await collectFromGit(git, { from: values.from ?? null, to: 'HEAD' });
const draft = draftRelease(
  {
    commits: collected.messages,
    commitDetails: commitDetailsOf(collected.commits.map((c) => c.detail && { ...c.detail, sha: c.sha })),
    version,
  },
  null,
);
const date = (await git(['log', '-1', '--format=%cs', 'HEAD'])).trim();
const existing = await readFile(out, 'utf8').catch(() => '');
const written = writeDraftedRelease(existing, {
  version,
  date,
  body: draft.body,
  previous: values.from ?? null,
});
await writeFile(out, written.text);
process.stdout.write(
  `${written.action === 'unchanged' ? 'Unchanged' : written.action === 'inserted' ? 'Wrote' : 'Rewrote'} ${version} (${date}) in ${out}: drafted from ${collected.commits.length} commit(s)${collected.truncated ? ` (the newest of ${collected.total})` : ''}.\n`,
);
