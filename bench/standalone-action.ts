/**
 * The Action without a server (docs/github-action.md#without-a-server), its committed bundle run as the
 * runner runs it on a generated git repository: 100 tagged releases of 10 commits each (every commit
 * changes a file) with a CHANGELOG.md listing them, then a 1,000-commit range to the release drafted.
 * Figures: the step's wall time; the share of it spent gathering the range, learning from the
 * changelog and drafting (the step's own log line); the bundle's size; and, as the baseline of the same
 * run, the wall time of the same step with no CHANGELOG.md to learn from.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BUNDLE = join(import.meta.dirname, '../action/dist/index.js');
const RELEASES = 100;
const PER_RELEASE = 10;
const RANGE = 1000;
const KINDS = ['feat', 'fix', 'docs', 'perf', 'chore'] as const;

/** A git fast-import stream of the history, and the changelog of its releases. */
function history(): { stream: string; changelog: string } {
  const lines: string[] = [];
  const sections: string[] = [];
  let mark = 0;
  let time = 1_700_000_000;
  const commit = (message: string, path: string) => {
    mark += 1;
    time += 600;
    const content = `// ${message}\n`;
    lines.push(
      'commit refs/heads/main',
      `mark :${mark}`,
      `committer Bench <bench@example.com> ${time} +0000`,
      `data ${Buffer.byteLength(message)}`,
      message,
      `M 100644 inline ${path}`,
      `data ${Buffer.byteLength(content)}`,
      content,
    );
  };
  for (let r = 1; r <= RELEASES; r++) {
    const items: string[] = [];
    for (let c = 0; c < PER_RELEASE; c++) {
      const kind = KINDS[(r + c) % KINDS.length]!;
      const subject = `${kind}: change ${c} of release ${r}`;
      commit(subject, kind === 'docs' ? `docs/page-${r}-${c}.md` : `src/module-${r}-${c}.ts`);
      if (kind === 'feat' || kind === 'fix') items.push(`- Change ${c} of release ${r}`);
    }
    lines.push(`reset refs/tags/v1.${r}.0`, `from :${mark}`, '');
    sections.unshift(`## [1.${r}.0] - 2024-01-01\n\n### Added\n\n${items.join('\n')}\n`);
  }
  for (let c = 0; c < RANGE; c++) {
    const kind = KINDS[c % KINDS.length]!;
    commit(`${kind}: new change ${c}`, kind === 'docs' ? `docs/new-${c}.md` : `src/new-${c}.ts`);
  }
  lines.push(`reset refs/tags/v1.${RELEASES + 1}.0`, `from :${mark}`, '');
  return { stream: `${lines.join('\n')}\n`, changelog: `# Changelog\n\n${sections.join('\n')}` };
}

function runStep(dir: string, work: string): { ms: number; log: string } {
  const event = join(work, 'event.json');
  const output = join(work, 'output');
  writeFileSync(
    event,
    JSON.stringify({
      release: { tag_name: `v1.${RELEASES + 1}.0`, id: 1 },
      repository: { full_name: 'bench/app' },
    }),
  );
  writeFileSync(output, '');
  const started = performance.now();
  const child = spawnSync(process.execPath, [BUNDLE], {
    env: {
      PATH: process.env.PATH ?? '',
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: 'release',
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: 'bench/app',
      GITHUB_WORKSPACE: dir,
      GITHUB_OUTPUT: output,
      GITHUB_API_URL: 'http://127.0.0.1:9',
      'INPUT_GITHUB-TOKEN': '',
    },
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`the step failed: ${child.stdout}${child.stderr}`);
  return { ms, log: child.stdout };
}

export async function standaloneActionBench(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'shiplog-bench-standalone-'));
  const work = mkdtempSync(join(tmpdir(), 'shiplog-bench-standalone-work-'));
  try {
    const { stream, changelog } = history();
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
    execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: stream });
    execFileSync('git', ['checkout', '-q', 'main'], { cwd: dir });
    // The baseline first: the same step with nothing to learn from.
    const plain = runStep(dir, work);
    writeFileSync(join(dir, 'CHANGELOG.md'), changelog);
    const runs = [runStep(dir, work), runStep(dir, work), runStep(dir, work)].sort((a, b) => a.ms - b.ms);
    const median = runs[1]!;
    const match = /gathering (\d+) ms, learning (\d+) ms, drafting (\d+) ms/.exec(median.log);
    if (!match || !/Learned how this project writes its notes from 100 /.test(median.log))
      throw new Error(`the step did not learn from the 100 releases:\n${median.log}`);
    const [gather, learn, draft] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return {
      wallMs: Math.round(median.ms),
      plainWallMs: Math.round(plain.ms),
      wallVsPlain: Number((median.ms / plain.ms).toFixed(2)),
      gatherShare: Number((gather / median.ms).toFixed(3)),
      learnShare: Number((learn / median.ms).toFixed(3)),
      draftShare: Number((draft / median.ms).toFixed(3)),
      learnMs: learn,
      draftMs: draft,
      bundleBytes: statSync(BUNDLE).size,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}
