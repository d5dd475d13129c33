/**
 * The releases `npm run eval:drafts` scores, and which side of the evaluation each repository is on
 * (bench/eval/MATCHER.md, "Which repositories are spent").
 *
 * - By default: the committed fixtures (`test/fixtures/releases/`: 3 repositories, no first-parent or
 *   pull-request data) and every file of the corpus folder (`bench/corpus/`, or `corpus`), each
 *   repository on the side `corpus-sources.json` gives it (`set`; a file it does not list: tuned).
 * - With `sources` (a `corpus-sources.json`-shaped file, such as `fresh-sources.json`): that set alone,
 *   read from the corpus folder, no fixtures; every repository it lists must have been built there
 *   (`build-corpus.ts --sources <file> --corpus <dir>`), so that a set scored once is scored whole.
 *
 * Repositories in file-name order, each one's releases oldest first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommitDetail } from '../../core/contract/generate.schema.ts';
import { loadReleases } from '../../test/fixtures/releases/load-releases.ts';
import {
  CORPUS_DIR,
  corpusFileOf,
  type CorpusPullRequest,
  type CorpusRelease,
  type EvalSet,
  type FirstParentCommit,
  loadSources,
  SOURCES_PATH,
} from './build-corpus.ts';

/** A release to evaluate: a corpus record, or a fixture (no first-parent or pull-request data). */
export type EvalRelease = {
  repo: string;
  tag: string;
  previousTag: string;
  origin: 'fixture' | 'corpus';
  ecosystem: string;
  workflow: string;
  commits: { sha: string; message: string; author: string }[];
  firstParent?: FirstParentCommit[];
  /** What each `firstParent` commit changed, by its index there (corpora built before it lack it). */
  commitDetails?: CommitDetail[];
  pullRequests?: CorpusPullRequest[];
  releaseNotes: string;
};

/** Where to read from: a sources file (alone: that set only) and the corpus folder. */
export type EvalOptions = { sources?: string | undefined; corpus?: string | undefined };

export type LoadedReleases = {
  releases: EvalRelease[];
  /** Whether any corpus file was read (else: the fixtures alone). */
  corpusPresent: boolean;
  /** The corpus folder read. */
  corpusDir: string;
  /** The side each repository is on (fixtures: tuned). */
  setOf: (repo: string) => EvalSet;
  /** Whether a sources file was given: its set scored alone. */
  alone: boolean;
};

const fixtureReleases = (): EvalRelease[] =>
  loadReleases().map((r) => ({
    repo: r.repo,
    tag: r.tag,
    previousTag: r.previousTag,
    origin: 'fixture',
    ecosystem: r.repo === 'expressjs/express' ? 'javascript' : 'rust',
    workflow: 'squash',
    commits: r.commits,
    releaseNotes: r.releaseNotes,
  }));

function corpusReleases(file: string): EvalRelease[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as CorpusRelease[]).map((r) => ({
    repo: r.repo,
    tag: r.tag,
    previousTag: r.previousTag,
    origin: 'corpus' as const,
    ecosystem: r.ecosystem,
    workflow: r.workflow,
    commits: r.commits,
    firstParent: r.firstParent,
    commitDetails: r.commitDetails,
    pullRequests: r.pullRequests,
    releaseNotes: r.releaseNotes,
  }));
}

/**
 * The releases to score (see the file's comment). Throws when `sources` lists a repository whose
 * corpus file is missing, naming them and the command that builds them.
 */
export function loadEvalReleases(options: EvalOptions = {}): LoadedReleases {
  const corpusDir = options.corpus ?? CORPUS_DIR;
  const sources = loadSources(options.sources ?? SOURCES_PATH);
  const sets = new Map(sources.map((s) => [s.repo, s.set ?? 'tuned']));
  const setOf = (repo: string): EvalSet => sets.get(repo) ?? 'tuned';
  if (options.sources) {
    const missing = sources.filter((s) => !existsSync(corpusFileOf(corpusDir, s.repo))).map((s) => s.repo);
    if (missing.length)
      throw new Error(
        `no corpus file in ${corpusDir} for ${missing.join(', ')}: build it with ` +
          `npx node bench/eval/build-corpus.ts --sources ${options.sources} --corpus ${corpusDir}`,
      );
    const files = sources.map((s) => corpusFileOf(corpusDir, s.repo)).sort();
    const releases = files.flatMap(corpusReleases);
    return { releases, corpusPresent: files.length > 0, corpusDir, setOf, alone: true };
  }
  const files = existsSync(corpusDir)
    ? readdirSync(corpusDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(corpusDir, f))
    : [];
  const releases = [...fixtureReleases(), ...files.flatMap(corpusReleases)];
  return { releases, corpusPresent: files.length > 0, corpusDir, setOf, alone: false };
}
