/**
 * A set of repositories kept apart from bench/corpus, built and evaluated alone (issue 37, "An honest
 * evaluation": `--sources <file>` and `--corpus <dir>`; bench/eval/MATCHER.md, "A set kept apart"),
 * and the learned mode's two histories (`--learned`: the earlier releases; `--leave-one-out`: every
 * other release): `build-corpus.ts` and `eval-drafts.ts` run as child processes, as the lead runs them.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABSENT_IN, buildEvalRepo, EVAL_REPO, type EvalRepo } from '../helpers/eval-repo.ts';

const exec = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');

/** `node bench/<script> args`: exit code and output (a failing run resolves too). */
export async function runBench(
  script: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [join(ROOT, 'bench', script), ...args], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let repo: EvalRepo;
beforeAll(async () => {
  repo = await buildEvalRepo();
}, 60_000);
afterAll(() => repo.remove());

describe('a set kept apart from the corpus', () => {
  it('builds into its own folder from its own sources file', async () => {
    const built = await runBench('eval/build-corpus.ts', [
      '--sources',
      repo.sources,
      '--corpus',
      repo.corpus,
      '--git-dir-root',
      repo.root,
    ]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toContain(`${EVAL_REPO}: 5 releases, 14 commits, 9 pull requests`);
    const file = join(repo.corpus, 'acme__widgets.json');
    const releases = JSON.parse(readFileSync(file, 'utf8')) as { tag: string; releaseNotes: string }[];
    expect(releases.map((r) => r.tag)).toEqual(repo.pairs.map(([, tag]) => tag));
    expect(releases[1]!.releaseNotes).toBe(
      '- Add a --json output format (#2)\n- Fix the crash on empty widget files (#3)',
    );
    // The file whose content the mirror lacks is listed and counts 0 lines, as a binary does.
    const withAbsent = releases[3] as unknown as {
      firstParent: { message: string }[];
      commitDetails: { index: number; files: string[]; additions: number; deletions: number }[];
    };
    const index = withAbsent.firstParent.findIndex((c) => c.message.endsWith(`(#${ABSENT_IN.pr})`));
    expect(withAbsent.commitDetails[index]).toEqual({
      index,
      files: ['src/cli.ts', ABSENT_IN.path],
      additions: 1,
      deletions: 0,
    });
  }, 60_000);

  it('is evaluated alone: its repositories, on their side, without the fixtures or bench/corpus', async () => {
    const run = await runBench('eval-drafts.ts', ['--sources', repo.sources, '--corpus', repo.corpus]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const rows = lines.filter((l) => /^\S+\s+typescript\s/.test(l));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^acme\/widgets‡\s+typescript\s+squash\s+5\s+14\s+9\s/);
    expect(lines.some((l) => /^fresh\s+5\s/.test(l))).toBe(true);
    expect(lines.some((l) => /^tuned\s+\d/.test(l))).toBe(false);
    expect(run.stdout).not.toMatch(/ripgrep|express|git-cliff/);
    expect(run.stdout).toContain('\n5 releases\n');
  }, 60_000);

  it('refuses a set whose corpus was not built, naming the repositories and the build command', async () => {
    const empty = join(repo.dir, 'not-built');
    const run = await runBench('eval-drafts.ts', ['--sources', repo.sources, '--corpus', empty]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`no corpus file in ${empty} for ${EVAL_REPO}`);
    expect(run.stderr).toContain(`build-corpus.ts --sources ${repo.sources} --corpus ${empty}`);
    expect(existsSync(empty)).toBe(false);
  }, 60_000);
});

describe('the learned mode on the set', () => {
  const lines = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith(`${EVAL_REPO} v`));
  const row = (stdout: string) => stdout.split('\n').find((l) => l.startsWith('acme/widgets‡'));

  it('drafts each release after the first two with the profile of the releases before it', async () => {
    const run = await runBench('eval-drafts.ts', [
      '--learned',
      '--releases',
      '--sources',
      repo.sources,
      '--corpus',
      repo.corpus,
    ]);
    expect(run.code).toBe(0);
    expect(lines(run.stdout).map((l) => l.split(':')[0])).toEqual([
      `${EVAL_REPO} v1.2.0 (learned from 2)`,
      `${EVAL_REPO} v1.3.0 (learned from 3)`,
      `${EVAL_REPO} v1.4.0 (learned from 4)`,
    ]);
    expect(row(run.stdout)).toMatch(/^acme\/widgets‡\s+typescript\s+3\s+6\s/);
    expect(run.stdout).toContain("learned from the repository's earlier releases");
  }, 60_000);

  it('with --leave-one-out drafts every release with the profile of all the others', async () => {
    const run = await runBench('eval-drafts.ts', [
      '--learned',
      '--leave-one-out',
      '--releases',
      '--sources',
      repo.sources,
      '--corpus',
      repo.corpus,
    ]);
    expect(run.code).toBe(0);
    expect(lines(run.stdout).map((l) => l.split(':')[0])).toEqual(
      repo.pairs.map(([, tag]) => `${EVAL_REPO} ${tag} (learned from 4 others)`),
    );
    // 5 releases, 9 notes items; the loses column ends the row.
    expect(row(run.stdout)).toMatch(/^acme\/widgets‡\s+typescript\s+5\s+9\s.*\s(-|P|R|PR)$/);
    expect(run.stdout).toContain('every other release of the repository (leave-one-out by release');
  }, 60_000);

  it('refuses --leave-one-out without --learned', async () => {
    const run = await runBench('eval-drafts.ts', ['--leave-one-out', '--sources', repo.sources]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--leave-one-out goes with --learned');
  }, 60_000);
});
