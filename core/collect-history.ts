/**
 * A changelog's releases as git knows them (docs/api.md#import-history-and-the-drafting-profile: `shiplog
 * import --git-dir` and the Action's `import-changelog`): each version's tag (`v1.2.0`, `1.2.0`,
 * `<name>-v1.2.0`, `<name>@1.2.0`), its date, and the first-parent commits between the previous
 * version's tag and its own (`git log --first-parent prev..tag`), each with the files it changed and its
 * line counts (`--numstat`, first-parent diff) as generate's `commitDetails`. Never cut silently: past
 * 500 commits the newest are kept, past 300 files a commit keeps its first, and the result says so.
 *
 * The previous version is the highest lower version the changelog lists that has a tag (semver order;
 * versions semver cannot read keep the changelog's order). The oldest release's range is its whole
 * first-parent history. A range git cannot read (a missing object, a broken tag) does not stop the
 * others: that version carries git's own message in `error` (the import skips it and says why), and
 * the next version's range still starts at its tag. Dependencies come in as arguments: a `git` runner
 * bound to the repository.
 */
import semver from 'semver';
import type { CommitDetail } from './contract/generate.schema.ts';
import { COMMIT_LIMIT, type GitRunner } from './collect-commits.ts';

/** The most changed paths one commit carries (docs/api.md#generate-a-draft-from-commits-and-pull-requests `commitDetails`). */
export const FILE_LIMIT = 300;

export type ReleaseHistory = {
  version: string;
  /** The tag found for the version, or null (then nothing else is known). */
  tag: string | null;
  /** When the tag was made (an annotated tag's date, else its commit's), ISO 8601; null without a tag. */
  taggedAt: string | null;
  /** The tag of the previous version the range starts from; null for the oldest (its whole history). */
  previousTag: string | null;
  /** First-parent commit messages, newest first. */
  commits: string[];
  commitDetails: CommitDetail[];
  /** Commits in the range before the limit. */
  total: number;
  truncated: boolean;
  /** Commits whose files were cut to {@link FILE_LIMIT}. */
  filesCut: number;
  /** What git said when it could not read the version's range (its own words), else null. */
  error: string | null;
};

/** Git's own words for a failed command: its stderr (`fatal: …`), not Node's "Command failed: git …". */
export function gitMessage(err: unknown): string {
  const stderr = (err as { stderr?: unknown }).stderr;
  const said = typeof stderr === 'string' ? stderr.trim() : '';
  if (said) return said.split('\n').filter(Boolean).join('; ');
  return err instanceof Error ? err.message : String(err);
}

type Tag = { name: string; date: string };

async function listTags(git: GitRunner): Promise<Tag[]> {
  const out = await git(['for-each-ref', '--format=%(refname)%09%(creatordate:iso-strict)', 'refs/tags']);
  return out
    .split('\n')
    .filter((line) => line.startsWith('refs/tags/'))
    .map((line) => {
      const [ref = '', date = ''] = line.split('\t');
      return { name: ref.slice('refs/tags/'.length), date };
    });
}

/**
 * The tag of `version` among `tags`: `v1.2.0` or `1.2.0`; else `<name>-v1.2.0`, `<name>@1.2.0` (or
 * `-1.2.0`, `@v1.2.0`) for one of `names`; else the one tag of those forms with any name, if only one.
 */
export function findVersionTag(
  tags: readonly string[],
  version: string,
  names: readonly string[] = [],
): string | null {
  const set = new Set(tags);
  for (const tag of [`v${version}`, version]) if (set.has(tag)) return tag;
  const suffixes = [`-v${version}`, `@${version}`, `-${version}`, `@v${version}`];
  for (const name of names)
    for (const suffix of suffixes) if (set.has(`${name}${suffix}`)) return `${name}${suffix}`;
  const named = tags.filter((t) => suffixes.some((s) => t.endsWith(s) && t.length > s.length));
  return named.length === 1 ? named[0]! : null;
}

/** Versions oldest first: semver order where semver reads both, else the order given (newest first). */
export function oldestFirst(versions: readonly string[]): string[] {
  const parsed = (v: string) =>
    semver.parse(v, { loose: true }) ?? semver.coerce(v, { includePrerelease: true });
  const position = new Map(versions.map((v, i) => [v, i]));
  return [...versions].sort((a, b) => {
    const [x, y] = [parsed(a), parsed(b)];
    const order = x && y ? semver.compareBuild(x, y) : 0;
    return order !== 0 ? order : position.get(b)! - position.get(a)!;
  });
}

/** `path`, or the path git quoted (`"a\tb"`), unquoted. */
const unquote = (path: string) =>
  path.startsWith('"') && path.endsWith('"') ? (JSON.parse(path) as string) : path;

/** One `git log --numstat` record: `sha \x1f message \x1f` then `added \t deleted \t path` lines. */
function parseRecord(record: string, index: number) {
  const [sha = '', message = '', stat = ''] = record.split('\x1f');
  const files: string[] = [];
  let additions = 0;
  let deletions = 0;
  for (const line of stat.split('\n')) {
    const match = /^(\d+|-)\t(\d+|-)\t(.+)$/.exec(line);
    if (!match) continue;
    // Binary files count no lines (`-`).
    additions += match[1] === '-' ? 0 : Number(match[1]);
    deletions += match[2] === '-' ? 0 : Number(match[2]);
    files.push(unquote(match[3]!));
  }
  const detail: CommitDetail = {
    index,
    files: files.slice(0, FILE_LIMIT),
    additions,
    deletions,
    ...(/^[0-9a-f]{7,40}$/.test(sha.trim()) ? { sha: sha.trim() } : {}),
  };
  return { message: message.trim(), detail, cut: files.length > FILE_LIMIT };
}

/** The first-parent commits of `range`, newest first, with what each changed. */
async function commitsOf(git: GitRunner, range: string, limit: number) {
  const total = Number((await git(['rev-list', '--first-parent', '--count', range])).trim());
  const out = await git([
    '-c',
    'core.quotePath=false',
    'log',
    '--first-parent',
    '--diff-merges=first-parent',
    '--no-renames',
    '--numstat',
    `--max-count=${limit}`,
    '--format=%x1e%H%x1f%B%x1f',
    range,
  ]);
  const records = out
    .split('\x1e')
    .filter((r) => r.trim() !== '')
    .map(parseRecord);
  return { records, total };
}

/**
 * The history of each of `versions` (the changelog's, newest first as it lists them).
 * @param names project or package names tags may carry (`<name>-v1.2.0`, `<name>@1.2.0`).
 * @returns one entry per version, in the order given.
 */
export async function collectReleaseHistory(
  git: GitRunner,
  versions: readonly string[],
  options: { names?: readonly string[]; limit?: number } = {},
): Promise<ReleaseHistory[]> {
  const tags = await listTags(git);
  const dateOf = new Map(tags.map((t) => [t.name, t.date]));
  const tagOf = new Map(versions.map((v) => [v, findVersionTag([...dateOf.keys()], v, options.names)]));
  const byVersion = new Map<string, ReleaseHistory>();
  let previousTag: string | null = null;
  for (const version of oldestFirst(versions)) {
    const tag = tagOf.get(version) ?? null;
    const history: ReleaseHistory = {
      version,
      tag,
      taggedAt: tag ? (dateOf.get(tag) ?? null) : null,
      previousTag: tag ? previousTag : null,
      commits: [],
      commitDetails: [],
      total: 0,
      truncated: false,
      filesCut: 0,
      error: null,
    };
    if (tag) {
      const range = previousTag ? `${previousTag}..${tag}` : tag;
      try {
        const { records, total } = await commitsOf(git, range, options.limit ?? COMMIT_LIMIT);
        history.commits = records.map((r) => r.message);
        history.commitDetails = records.map((r) => r.detail);
        history.total = total;
        history.truncated = total > records.length;
        history.filesCut = records.filter((r) => r.cut).length;
      } catch (err) {
        history.error = `git could not read ${range}: ${gitMessage(err)}`;
      }
      previousTag = tag;
    }
    byVersion.set(version, history);
  }
  return versions.map((v) => byVersion.get(v)!);
}
