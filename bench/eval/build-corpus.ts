/**
 * `npx node bench/eval/build-corpus.ts [--git-dir-root /work/.mirror] [--only owner/name]
 * [--sources <file>] [--corpus <dir>]`: builds the drafting evaluation corpus from local git mirrors of
 * the public repositories listed in `corpus-sources.json` (or `--sources`, a file of the same shape: a
 * set kept apart, such as `fresh-sources.json`), one bare git directory per repository,
 * `<root>/<owner>+<name>/repo`, as the `fetch` tool makes them (`<root>/<owner>+<name>` itself, or a
 * `git clone --mirror`, work too).
 *
 * Writes `bench/corpus/<owner>__<name>.json` (or `<--corpus>/…`), an array of `CorpusRelease`, oldest
 * release first. That folder is git-ignored: it holds other projects' commit messages and changelog
 * text, which this repository must not commit. Only this script and its configuration are ours.
 *
 * Per source (see `Source`): `releases` lists `[previousTag, tag]` pairs; for each pair
 * - `commits`: `git log --no-merges previousTag..tag` (newest first);
 * - `firstParent`: `git log --first-parent previousTag..tag`, merges included and flagged;
 * - `pullRequests`: one per merged pull request found on the first-parent line (newest first):
 *   - `Merge pull request #N from login/branch` merges: title = the merge body's first line, author =
 *     login, body null. For a branch of the repository itself (`login` is then just the repository's
 *     owner), the bot its name says (`dependabot/…`), else the branch's oldest commit's author;
 *   - merges whose subject is the PR title, `Title (#N)` (GitHub's "pull request title" merge
 *     message): body = the merge body, author = the name on the branch's oldest commit;
 *   - squash commits `Title (#N)`: author = the commit author's name, body = the commit body (the PR
 *     description GitHub pre-fills);
 *   `firstContribution`: the author's e-mail never appears as an author in `git log previousTag`; set
 *   on the author's oldest pull request of the range only. Labels are not in git: always `[]`.
 *   `files`, `additions`, `deletions`: what the pull request changed, the first-parent diff of its
 *   merge or of its squash commit (what GitHub's pull-request files list holds);
 * - `commitDetails`: what each first-parent commit changed, as the Action sends it (`CommitDetail`:
 *   `index` = the commit's position in `firstParent`), from `git diff --numstat <commit>^1 <commit>`
 *   (a root commit: its tree): at most 300 paths (a renamed file under its new path), the line
 *   counts over every file (a binary file counts 0);
 * - `releaseNotes`: the version's section of the changelog file at the tag: from the line matching the
 *   source's heading pattern (`{version}` replaced by the tag without `tagPrefix`) to the next heading
 *   of the same or a higher level. When the section is missing, empty or a placeholder at the tag, it
 *   is read from the default branch head instead and `note` says so.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type CommitDetail, MAX_CHANGED_FILES } from '../../core/contract/generate.schema.ts';

export type Workflow = 'merge' | 'squash' | 'rebase' | 'mixed';

/**
 * `style`: `atx` (`## 1.2.3`) or `setext` (a title line underlined with `=`, `-`, `~`…: Markdown
 * setext and reStructuredText). `pattern`: a regular expression tested against the heading's title
 * line as written (with its `#`s), `{version}` standing for the escaped version.
 */
export type HeadingRule = { style: 'atx' | 'setext'; pattern: string };

export type Source = {
  repo: string;
  ecosystem: string;
  workflow: Workflow;
  /** `conventional`, `free-form`, `area-prefixed` or a mix (`free-form + conventional`). */
  style: string;
  /** Path of the changelog; a list when it was renamed (the first present at the tag wins). */
  changelog: string | string[];
  /** How a version's heading looks; an object keyed by path when the changelogs differ. */
  heading: HeadingRule | Record<string, HeadingRule>;
  /** What to strip from a tag to get the version the changelog names (`v`, `jq-`). */
  tagPrefix?: string;
  /** Sections matching this (case-insensitive) are placeholders: read from the default branch. */
  placeholder?: string;
  /** `[previousTag, tag]`, oldest first. */
  releases: [string, string][];
  license: string;
  /**
   * Which side of the evaluation it is on (bench/eval/MATCHER.md, "Which repositories are spent"):
   * `tuned` (rules or figures were decided while looking at it), `held-out` (no rule was fitted to its
   * drafts; its rows have been read), `fresh` (nobody has drafted it; reported on once, then spent).
   * Absent: tuned.
   */
  set?: EvalSet;
  /** Why the changelog counts as written by hand (a fresh set's sources say how it was checked). */
  note?: string;
};

/** The evaluation's sides; every set used for a decision moves to `tuned`. */
export type EvalSet = 'tuned' | 'held-out' | 'fresh';

export type CorpusCommit = { sha: string; message: string; author: string };
export type FirstParentCommit = CorpusCommit & { merge: boolean };
export type CorpusPullRequest = {
  number: number;
  title: string;
  body: string | null;
  /** Merges: the fork owner's login (else the branch's oldest commit's author); squashes: the commit author. */
  author: string;
  /** The author's GitHub login when git shows it (merge subject, or a users.noreply.github.com e-mail). */
  login: string | null;
  firstContribution: boolean;
  labels: string[];
  /** Issues the PR says it closes (`Fixes #12`, `closes #3` in its title or body). */
  closes: number[];
  /** Paths the first-parent diff of its merge or squash commit changed (at most 300); absent in older corpora. */
  files?: string[];
  /** Lines added and deleted by that diff, over every file (binary files count 0). */
  additions?: number;
  deletions?: number;
};

export type CorpusRelease = {
  repo: string;
  ecosystem: string;
  workflow: Workflow;
  style: string;
  tag: string;
  previousTag: string;
  date: string;
  tagCommit: string;
  commitCount: number;
  mergeCommitCount: number;
  commits: CorpusCommit[];
  firstParent: FirstParentCommit[];
  /** What each `firstParent` commit changed, by its index there (absent in corpora built before it). */
  commitDetails?: CommitDetail[];
  pullRequests: CorpusPullRequest[];
  releaseNotesHeading: string;
  releaseNotes: string;
  releaseNotesFormat: 'markdown' | 'rst';
  releaseNotesSource: string;
  license: string;
  note?: string;
};

export const SOURCES_PATH = join(import.meta.dirname, 'corpus-sources.json');
export const CORPUS_DIR = join(import.meta.dirname, '..', 'corpus');

/** The sources of a `corpus-sources.json`-shaped file (`{ sources: Source[] }`). */
export function loadSources(path: string = SOURCES_PATH): Source[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { sources: Source[] }).sources;
}

/** A repository's corpus file in `dir`: `owner/name` → `<dir>/owner__name.json`. */
export const corpusFileOf = (dir: string, repo: string) => join(dir, `${repo.replace('/', '__')}.json`);

function git(gitDir: string, args: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function gitOk(gitDir: string, args: string[]): boolean {
  try {
    git(gitDir, args);
    return true;
  } catch {
    return false;
  }
}

type LogEntry = { sha: string; author: string; email: string; parents: string[]; message: string };

/** `git log` records: NUL between fields, RS after each record (a message can hold any other byte). */
function log(gitDir: string, args: string[]): LogEntry[] {
  const out = git(gitDir, ['log', '--format=%H%x00%an%x00%ae%x00%P%x00%B%x1e', ...args]);
  return out
    .split('\x1e')
    .map((r) => r.replace(/^\n/, ''))
    .filter((r) => r.length > 0)
    .map((r) => {
      const [sha, author, email, parents, message] = r.split('\x00') as [
        string,
        string,
        string,
        string,
        string,
      ];
      return { sha, author, email, parents: parents.split(' ').filter(Boolean), message: message.trimEnd() };
    });
}

const subjectOf = (message: string) => message.split('\n', 1)[0]!.trim();
const bodyOf = (message: string) => message.split('\n').slice(1).join('\n').trim();

const MERGE_PR = /^Merge pull request #(\d+) from ([^/\s]+)(?:\/(\S+))?/;
/** `Title (#12)`; `Title (#12) (#14)` (a PR that re-lands another) is PR 14 titled `Title (#12)`. */
const TITLE_PR = /^(.*\S)\s*\(#(\d+)\)$/;
const CLOSES = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\b:?\s+(?:[\w.-]+\/[\w.-]+)?#(\d+)/gi;

/** `12345+octocat@users.noreply.github.com` or `octocat@users.noreply.github.com` → `octocat`. */
function loginOf(email: string): string | null {
  return (
    /^(?:\d+\+)?([A-Za-z0-9][A-Za-z0-9-]{0,38}(?:\[bot\])?)@users\.noreply\.github\.com$/i.exec(email)?.[1] ??
    null
  );
}

function closesOf(text: string): number[] {
  return [...new Set([...text.matchAll(CLOSES)].map((m) => Number(m[1])))];
}

type Changed = { files: string[]; additions: number; deletions: number };

/**
 * What `commit` changed against its first parent (a root commit: against the empty tree), as
 * `git diff --numstat` counts it: paths in git's order, at most `MAX_CHANGED_FILES` of them, a
 * renamed file under its new path; additions and deletions over every file, a binary file (`-`)
 * counting 0. `-z` keeps paths with tabs, newlines or quotes as they are. A file whose content the git
 * directory lacks (a snapshot keeps no file of 4 MiB or more: a committed binary) is listed last and
 * counts 0 lines, as a binary file does.
 */
function changedOf(gitDir: string, commit: LogEntry): Changed {
  const base = commit.parents[0] ?? git(gitDir, ['hash-object', '-t', 'tree', '/dev/null']).trim();
  const numstat = (absent: readonly string[]) =>
    git(gitDir, [
      'diff',
      '--numstat',
      '-z',
      base,
      commit.sha,
      ...(absent.length ? ['--', '.', ...absent.map((path) => `:(exclude,literal)${path}`)] : []),
    ]);
  let absent: string[] = [];
  let out: string;
  try {
    out = numstat(absent);
  } catch {
    absent = absentPaths(gitDir, base, commit.sha);
    out = numstat(absent);
  }
  const tokens = out.split('\0');
  const changed: Changed = { files: [], additions: 0, deletions: 0 };
  for (let i = 0; i < tokens.length; i++) {
    const m = /^(-|\d+)\t(-|\d+)\t([^]*)$/.exec(tokens[i]!);
    if (!m) continue; // the empty token after the last NUL
    // A rename or copy: `added\tdeleted\t` then the old and the new path, each NUL-ended.
    const path = m[3] === '' ? tokens[(i += 2)]! : m[3]!;
    if (changed.files.length < MAX_CHANGED_FILES) changed.files.push(path);
    changed.additions += m[1] === '-' ? 0 : Number(m[1]);
    changed.deletions += m[2] === '-' ? 0 : Number(m[2]);
  }
  for (const path of absent) if (changed.files.length < MAX_CHANGED_FILES) changed.files.push(path);
  return changed;
}

/**
 * The paths `base..commit` changed whose old or new content is not in the git directory: `git diff
 * --raw` names each entry's blobs (`:mode mode old new status`, then the path) without reading them.
 */
function absentPaths(gitDir: string, base: string, commit: string): string[] {
  const tokens = git(gitDir, ['diff', '--raw', '--no-renames', '-z', base, commit]).split('\0');
  const absent: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i += 2) {
    const blobs = tokens[i]!.split(' ').slice(2, 4);
    const missing = blobs.some((b) => !/^0+$/.test(b) && !gitOk(gitDir, ['cat-file', '-e', b]));
    if (missing) absent.push(tokens[i + 1]!);
  }
  return absent;
}

/** Bots whose pull requests come from branches in the repository itself (`dependabot/cargo/libc-0.2`). */
const BOT_BRANCH = /^(dependabot|renovate|pre-commit-ci|github-actions)\//;

function pullRequestsOf(
  gitDir: string,
  repo: string,
  firstParent: LogEntry[],
  previousTag: string,
  changed: ReadonlyMap<string, Changed>,
): CorpusPullRequest[] {
  const known = new Set(
    git(gitDir, ['log', '--format=%ae', previousTag])
      .split('\n')
      .filter(Boolean)
      .map((e) => e.toLowerCase()),
  );
  const owner = repo.split('/')[0]!.toLowerCase();
  const prs: (CorpusPullRequest & { email: string })[] = [];
  for (const c of firstParent) {
    const subject = subjectOf(c.message);
    const body = bodyOf(c.message);
    if (c.parents.length > 1) {
      const merge = MERGE_PR.exec(subject);
      const titled = merge ? null : TITLE_PR.exec(subject);
      if (!merge && !titled) continue; // `Merge branch 'stable'`, `Merge commit from fork`…
      // The PR's own commits: what the merge brought in; the oldest one is the PR author's.
      const branch = log(gitDir, ['--no-merges', `${c.parents[0]}..${c.parents[1]}`]);
      const opener = branch[branch.length - 1];
      const email = (opener?.email ?? c.email).toLowerCase();
      const title = merge ? body.split('\n', 1)[0]!.trim() || (merge[3] ?? '') : titled![1]!;
      // `from owner/branch` names a fork's owner, except for branches in the repository itself
      // (maintainers' and bots' branches), where it is just the repository's owner.
      const bot = merge?.[3] ? BOT_BRANCH.exec(merge[3])?.[1] : undefined;
      const login =
        merge && merge[2]!.toLowerCase() !== owner ? merge[2]! : bot ? `${bot}[bot]` : loginOf(email);
      prs.push({
        number: Number(merge ? merge[1] : titled![2]),
        title,
        body: merge ? null : body || null,
        author: merge && login ? login : (opener?.author ?? c.author),
        login,
        firstContribution: false,
        labels: [],
        closes: closesOf(merge ? title : `${title}\n${body}`),
        ...changed.get(c.sha)!,
        email,
      });
      continue;
    }
    const squash = TITLE_PR.exec(subject);
    if (!squash) continue;
    prs.push({
      number: Number(squash[2]),
      title: squash[1]!,
      body: body || null,
      author: c.author,
      login: loginOf(c.email),
      firstContribution: false,
      labels: [],
      closes: closesOf(`${squash[1]}\n${body}`),
      ...changed.get(c.sha)!,
      email: c.email.toLowerCase(),
    });
  }
  // A first contribution is the author's oldest pull request of the range (the list is newest first).
  const credited = new Set<string>();
  for (const pr of [...prs].reverse()) {
    if (known.has(pr.email) || credited.has(pr.email)) continue;
    credited.add(pr.email);
    pr.firstContribution = true;
  }
  return prs.map(({ email: _email, ...pr }) => pr);
}

type Heading = { line: number; level: number; text: string };

/**
 * The headings of a changelog, skipping fenced code. ATX: level = number of `#`. Setext/RST: a
 * non-blank, non-list title line over a line of one repeated underline character at least 3 long;
 * levels follow the order in which underline characters first appear (RST's rule; it gives Markdown's
 * `=` before `-` too).
 */
function headingsOf(lines: string[], style: 'atx' | 'setext'): Heading[] {
  const headings: Heading[] = [];
  const underlineLevels: string[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMark = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fenceMark) {
      if (fence === null) fence = fenceMark[0]!;
      else if (fenceMark[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    if (style === 'atx') {
      const atx = /^(#{1,6})\s+\S/.exec(line);
      if (atx) headings.push({ line: i, level: atx[1]!.length, text: line.trim() });
      continue;
    }
    const next = lines[i + 1];
    const underline = next === undefined ? null : /^([=\-~^"'`*+#])\1{2,}\s*$/.exec(next);
    if (underline && line.trim() !== '' && !/^\s/.test(line) && !/^([-*+]|\d+[.)])\s/.test(line)) {
      const char = underline[1]!;
      if (!underlineLevels.includes(char)) underlineLevels.push(char);
      headings.push({ line: i, level: underlineLevels.indexOf(char) + 1, text: line.trim() });
      i++;
    }
  }
  return headings;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The section of `version` in a changelog: its heading line and body (blank lines around trimmed), or null. */
export function cutSection(
  changelog: string,
  heading: HeadingRule,
  version: string,
): { heading: string; body: string } | null {
  const lines = changelog.replace(/\r\n/g, '\n').split('\n');
  const headings = headingsOf(lines, heading.style);
  // `{version}` must not run into more digits: `1.8.1` is not the start of `1.8.10`.
  const pattern = new RegExp(
    heading.pattern.replaceAll('{version}', `${escapeRegExp(version)}(?![\\d.]\\d)`),
  );
  const at = headings.findIndex((h) => pattern.test(h.text));
  if (at < 0) return null;
  const start = headings[at]!;
  const end = headings.slice(at + 1).find((h) => h.level <= start.level);
  const bodyStart = start.line + (heading.style === 'setext' ? 2 : 1);
  const body = lines
    .slice(bodyStart, end ? end.line : lines.length)
    .join('\n')
    .replace(/^(?:[ \t]*\n)+/, '') // blank lines only: a first list item's indentation is kept
    .trimEnd();
  return { heading: start.text.replace(/^#+\s*/, ''), body };
}

function showFile(gitDir: string, ref: string, paths: string[]): { path: string; text: string } | null {
  for (const path of paths) {
    if (gitOk(gitDir, ['cat-file', '-e', `${ref}:${path}`]))
      return { path, text: git(gitDir, ['show', `${ref}:${path}`]) };
  }
  return null;
}

const stripComments = (s: string) => s.replace(/<!--[^]*?-->/g, '').trim();

export function buildRelease(
  gitDir: string,
  source: Source,
  [previousTag, tag]: [string, string],
): CorpusRelease {
  if (!gitOk(gitDir, ['merge-base', '--is-ancestor', previousTag, tag]))
    throw new Error(`${source.repo}: ${previousTag} is not an ancestor of ${tag}`);
  const tagCommit = git(gitDir, ['rev-parse', `${tag}^{commit}`]).trim();
  const date = git(gitDir, ['log', '-1', '--format=%cI', tagCommit]).trim();
  const range = `${previousTag}..${tag}`;
  const commits = log(gitDir, ['--no-merges', range]);
  const firstParent = log(gitDir, ['--first-parent', range]);
  const changed = new Map(firstParent.map((c) => [c.sha, changedOf(gitDir, c)]));
  const mergeCommitCount = Number(git(gitDir, ['rev-list', '--merges', '--count', range]).trim());

  const version =
    source.tagPrefix && tag.startsWith(source.tagPrefix) ? tag.slice(source.tagPrefix.length) : tag;
  const paths = Array.isArray(source.changelog) ? source.changelog : [source.changelog];
  const placeholder = new RegExp(source.placeholder ?? 'not yet been written|^\\s*(TBD|TODO)\\.?\\s*$', 'im');
  const read = (ref: string) => {
    const file = showFile(gitDir, ref, paths);
    const rule = file && ('pattern' in source.heading ? source.heading : source.heading[file.path]);
    const section = file && rule ? cutSection(file.text, rule as HeadingRule, version) : null;
    const usable = section !== null && stripComments(section.body) !== '' && !placeholder.test(section.body);
    return { file, section, usable };
  };
  let notes = read(tag);
  let source_ = `${tag}:${notes.file?.path ?? paths[0]}`;
  let note: string | undefined;
  if (!notes.usable) {
    const head = git(gitDir, ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
    const later = read('HEAD');
    if (!later.usable)
      throw new Error(`${source.repo} ${tag}: no section for ${version} at the tag or on ${head}`);
    const headCommit = git(gitDir, ['rev-parse', 'HEAD']).trim();
    const state = notes.section ? 'a placeholder or empty' : 'missing';
    note = `the section is ${state} at the tag; read from ${head} (${headCommit})`;
    notes = later;
    source_ = `${head}:${later.file!.path}`;
  }
  return {
    repo: source.repo,
    ecosystem: source.ecosystem,
    workflow: source.workflow,
    style: source.style,
    tag,
    previousTag,
    date,
    tagCommit,
    commitCount: commits.length,
    mergeCommitCount,
    commits: commits.map((c) => ({ sha: c.sha, message: c.message, author: c.author })),
    firstParent: firstParent.map((c) => ({
      sha: c.sha,
      message: c.message,
      author: c.author,
      merge: c.parents.length > 1,
    })),
    commitDetails: firstParent.map((c, index) => ({ index, ...changed.get(c.sha)! })),
    pullRequests: pullRequestsOf(gitDir, source.repo, firstParent, previousTag, changed),
    releaseNotesHeading: notes.section!.heading,
    releaseNotes: notes.section!.body,
    releaseNotesFormat: notes.file!.path.endsWith('.rst') ? 'rst' : 'markdown',
    releaseNotesSource: source_,
    license: source.license,
    ...(note ? { note } : {}),
  };
}

/** The git directory of a repository under `root`: `owner+name/repo` (fetch's layout), else `owner+name`. */
export function gitDirOf(root: string, repo: string): string | null {
  const base = join(root, repo.replace('/', '+'));
  for (const dir of [join(base, 'repo'), base, join(root, `${repo.replace('/', '__')}.git`)])
    if (existsSync(join(dir, 'HEAD'))) return dir;
  return null;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      'git-dir-root': { type: 'string', default: '/work/.mirror' },
      only: { type: 'string' },
      sources: { type: 'string', default: SOURCES_PATH },
      corpus: { type: 'string', default: CORPUS_DIR },
    },
  });
  const corpusDir = resolve(values.corpus!);
  mkdirSync(corpusDir, { recursive: true });
  let missing = 0;
  for (const source of loadSources(resolve(values.sources!))) {
    if (values.only && source.repo !== values.only) continue;
    const gitDir = gitDirOf(values['git-dir-root']!, source.repo);
    if (!gitDir) {
      console.error(`${source.repo}: no git directory under ${values['git-dir-root']}, skipped`);
      missing++;
      continue;
    }
    let releases: CorpusRelease[];
    try {
      releases = source.releases.map((pair) => buildRelease(gitDir, source, pair));
    } catch (error) {
      // One repository that does not build (a tag gone, a section not found) leaves the others built.
      console.error(`${source.repo}: not built: ${(error as Error).message.split('\n', 1)[0]}`);
      missing++;
      continue;
    }
    const file = corpusFileOf(corpusDir, source.repo);
    writeFileSync(file, `${JSON.stringify(releases, null, 2)}\n`);
    const commits = releases.reduce((n, r) => n + r.commitCount, 0);
    const prs = releases.reduce((n, r) => n + r.pullRequests.length, 0);
    const notes = releases.filter((r) => r.note).length;
    const details = releases.reduce((n, r) => n + (r.commitDetails?.length ?? 0), 0);
    console.log(
      `${source.repo}: ${releases.length} releases, ${commits} commits, ${prs} pull requests, ` +
        `${details} first-parent commits with their files` +
        (notes ? `, ${notes} notes from the default branch` : ''),
    );
  }
  if (missing) process.exitCode = 1;
}
