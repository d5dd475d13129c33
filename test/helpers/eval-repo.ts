/**
 * A set of one repository kept apart from the evaluation corpus, for `build-corpus.ts` and
 * `eval-drafts.ts` as child processes: a real git repository (`acme/widgets`, squash-merged pull
 * requests, four tagged releases, a hand-written CHANGELOG.md naming each release's changes) as a bare
 * mirror under `root/acme+widgets/repo` (the `fetch` tool's layout) that lacks one file's content
 * (`ABSENT_IN`), and a sources file listing it as `fresh`. Nothing of the committed corpus is touched: the corpus folder is `dir/corpus`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { commitFiles, datedGit } from './dated-git.ts';

const exec = promisify(execFile);

export const EVAL_REPO = 'acme/widgets';

/**
 * A file whose content the mirror lacks, as a snapshot lacks its largest files: added by this pull
 * request's commit beside its source file.
 */
export const ABSENT_IN = { pr: 6, path: 'dist/widgets.bin' };

/** Each release's pull requests (title, number, file), oldest release first. */
const RELEASES: { tag: string; prs: [string, number, string][] }[] = [
  { tag: 'v1.0.0', prs: [['Add the widget parser', 1, 'src/parse.ts']] },
  {
    tag: 'v1.1.0',
    prs: [
      ['Add a --json output format', 2, 'src/json.ts'],
      ['Fix the crash on empty widget files', 3, 'src/parse.ts'],
    ],
  },
  {
    tag: 'v1.2.0',
    prs: [
      ['Add colour themes for the widget table', 4, 'src/theme.ts'],
      ['Fix wrong column widths with wide characters', 5, 'src/table.ts'],
    ],
  },
  {
    tag: 'v1.3.0',
    prs: [
      ['Add a --quiet flag that hides progress', 6, 'src/cli.ts'],
      ['Fix the exit code when a widget file is missing', 7, 'src/cli.ts'],
    ],
  },
  {
    tag: 'v1.4.0',
    prs: [
      ['Add widget export to CSV files', 8, 'src/csv.ts'],
      ['Fix sorting of widgets by date', 9, 'src/sort.ts'],
    ],
  },
];

/** The changelog at the newest tag: each release's section, newest first, one item per pull request. */
function changelogUpTo(last: number): string {
  const sections = RELEASES.slice(0, last + 1)
    .reverse()
    .map((r) => `## ${r.tag.slice(1)}\n\n${r.prs.map(([title, n]) => `- ${title} (#${n})`).join('\n')}\n`);
  return `# Changelog\n\n${sections.join('\n')}`;
}

export type EvalRepo = {
  /** The temporary folder: `root/` (git mirrors), `sources.json`, `corpus/` (made by the build). */
  dir: string;
  root: string;
  sources: string;
  corpus: string;
  /** The tags that the sources file lists as `[previousTag, tag]` pairs. */
  pairs: [string, string][];
  remove: () => Promise<void>;
};

export async function buildEvalRepo(): Promise<EvalRepo> {
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-evalset-'));
  const work = join(dir, 'work');
  const git = datedGit(work);
  await exec('git', ['init', '-q', '-b', 'main', work]);
  await commitFiles(git, work, 'Initial commit', '2024-01-01T10:00:00Z', { 'README.md': '# Widgets\n' });
  await git(['tag', 'v0.9.0'], '2024-01-01T10:00:00Z');
  for (const [i, release] of RELEASES.entries()) {
    const day = `2024-0${i + 2}`;
    for (const [k, [title, n, file]] of release.prs.entries())
      await commitFiles(git, work, `${title} (#${n})`, `${day}-0${k + 1}T10:00:00Z`, {
        [file]: `// ${title}\n`,
        ...(n === ABSENT_IN.pr ? { [ABSENT_IN.path]: 'a large committed binary\n' } : {}),
      });
    await commitFiles(git, work, `Release ${release.tag}`, `${day}-09T10:00:00Z`, {
      'CHANGELOG.md': changelogUpTo(i),
    });
    await git(['tag', release.tag], `${day}-09T10:00:00Z`);
  }
  const root = join(dir, 'root');
  const mirror = join(root, 'acme+widgets', 'repo');
  // A local clone copies the loose objects as they are; removing one leaves a snapshot without it.
  await exec('git', ['clone', '-q', '--bare', '--no-hardlinks', work, mirror]);
  const blob = (await git(['rev-parse', `HEAD:${ABSENT_IN.path}`], '2024-01-01T10:00:00Z')).trim();
  await rm(join(mirror, 'objects', blob.slice(0, 2), blob.slice(2)));
  const tags = ['v0.9.0', ...RELEASES.map((r) => r.tag)];
  const pairs = RELEASES.map((r, i) => [tags[i]!, r.tag] as [string, string]);
  const sources = join(dir, 'sources.json');
  await writeFile(
    sources,
    JSON.stringify({
      sources: [
        {
          repo: EVAL_REPO,
          set: 'fresh',
          ecosystem: 'typescript',
          workflow: 'squash',
          style: 'free-form',
          changelog: 'CHANGELOG.md',
          heading: { style: 'atx', pattern: '^## v?{version}\\b' },
          tagPrefix: 'v',
          releases: pairs,
          license: 'MIT; a test fixture',
        },
      ],
    }),
  );
  return {
    dir,
    root,
    sources,
    corpus: join(dir, 'corpus'),
    pairs,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
