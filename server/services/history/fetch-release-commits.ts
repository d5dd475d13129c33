/**
 * The `history-commits` job (queued by queue-commit-fetch.ts when releases were imported without their
 * commits; docs/api.md#import-history-and-the-drafting-profile): through the GitHub App's installation
 * on the project's linked repository, each imported version's tag is found among the repository's tags
 * (`v1.2.0`, `1.2.0`, `<repo>-v1.2.0`, `<repo>@1.2.0`: core/collect-history.ts), its commits are read
 * between the previous imported version's tag and its own (the compare API, first parents: the range
 * the Action reads), stored with the entry, and the drafting profile is learned again.
 *
 * The newest {@link FETCHED_RELEASES} imported versions without commits are fetched (the profile learns
 * most from recent releases, and each costs a call or more); the oldest imported version, with no
 * earlier tag to start from, and versions without a tag teach nothing. The compare API gives messages,
 * not each commit's files: these releases teach what kinds the notes list, not paths. Idempotent: a
 * retry fetches only what is still missing, and a link moved elsewhere since fetches nothing.
 */
import { collectFromCompare, listTagsFromApi } from '../../../core/collect-commits.ts';
import { findVersionTag, oldestFirst } from '../../../core/collect-history.ts';
import type { GitHubClient } from '../../../core/github-client.ts';
import { findLinkedProjectId } from '../../db/github.ts';
import { addMissingEntryChanges, listImportedReleases } from '../../db/imported-entries.ts';
import type { ServiceContext } from '../context.ts';
import { learnDraftingProfile } from '../drafting/project-profile.ts';

/** Imported versions without commits fetched per job, newest first. */
export const FETCHED_RELEASES = 30;

type Log = { warn: (obj: object, msg: string) => void };

/** Per version to fetch, its tag and the previous imported version's tag; null where either is missing. */
function rangesOf(
  versions: readonly string[],
  wanted: readonly string[],
  tags: readonly string[],
  repo: string,
) {
  const ordered = oldestFirst(versions);
  const tagOf = new Map(ordered.map((v) => [v, findVersionTag(tags, v, [repo])]));
  return wanted.map((version) => {
    const at = ordered.indexOf(version);
    const previous = ordered
      .slice(0, at)
      .reverse()
      .map((v) => tagOf.get(v))
      .find((t) => t);
    const tag = tagOf.get(version);
    return { version, range: tag && previous ? { from: previous, to: tag } : null };
  });
}

/** The messages of each range, by version (a range GitHub cannot compare is left out and logged). */
async function fetchRanges(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  ranges: ReturnType<typeof rangesOf>,
  log: Log,
): Promise<Map<string, string[]>> {
  const fetched = new Map<string, string[]>();
  for (const { version, range } of ranges) {
    if (!range) continue;
    try {
      const collected = await collectFromCompare(octokit, { ...repo, ...range });
      if (collected.messages.length > 0) fetched.set(version, collected.messages);
    } catch (err) {
      if ((err as { status?: number }).status !== 404) throw err;
      log.warn({ repository: `${repo.owner}/${repo.repo}`, ...range }, 'tags not comparable');
    }
  }
  return fetched;
}

export async function fetchReleaseCommits(
  ctx: ServiceContext,
  { projectId, repository }: { projectId: string; repository: string },
  log: Log,
): Promise<void> {
  const app = ctx.github;
  if (!app || (await findLinkedProjectId(ctx.sql, repository)) !== projectId) return;
  const releases = await listImportedReleases(ctx.sql, projectId);
  const missing = releases.filter((r) => !r.hasChanges).slice(0, FETCHED_RELEASES);
  if (missing.length === 0) return;
  const [owner = '', repo = ''] = repository.split('/');
  // Loaded here, where the App is mounted: a server without it never loads Probot.
  const { repositoryContext } = await import('../../../app/repository-context.ts');
  const context = await repositoryContext(app, { owner, repo }, `history:${projectId}`);
  if (!context) return;
  const { octokit } = context;
  const { tags } = await listTagsFromApi(octokit, { owner, repo });
  const ranges = rangesOf(
    releases.map((r) => r.version),
    missing.map((r) => r.version),
    tags,
    repo,
  );
  const fetched = await fetchRanges(octokit, { owner, repo }, ranges, log);
  if (fetched.size === 0) return;
  const idOf = new Map(missing.map((r) => [r.version, r.id]));
  await ctx.sql.begin(async (tx) => {
    for (const [version, commits] of fetched)
      await addMissingEntryChanges(tx, idOf.get(version)!, { commits });
  });
  await learnDraftingProfile(ctx, projectId);
}
