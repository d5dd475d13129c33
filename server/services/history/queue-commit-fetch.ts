/**
 * Whether an import teaches the drafting profile (docs/api.md#import-history-and-the-drafting-profile):
 * releases that carry their commits teach it at once; releases without them (the History page sends
 * none) teach it when the project is linked to a repository the GitHub App is installed on, where the
 * service fetches each version's commits between its tags in a `history-commits` job
 * (fetch-release-commits.ts), queued in the import's transaction so it commits with the entries. Else
 * the answer says plainly why nothing is learned.
 */
import type { ImportLearning } from '../../../core/contract/history.schema.ts';
import type { TransactionSql } from '../../db/connect.ts';
import { listProjectLinks } from '../../db/github.ts';
import { listInstalledRepositories } from '../../db/github-installations.ts';
import type { ServiceContext } from '../context.ts';

const none = (reason: string, repository: string | null = null): ImportLearning => ({
  status: 'none',
  repository,
  reason,
});

const TEACH_ANOTHER_WAY =
  'import with the shiplog CLI’s import --git-dir or the Action’s import-changelog input, which send each release’s commits';

/** The repository to fetch from: the one named, if linked to this project, else the project's one link. */
function repositoryOf(links: readonly { repository: string }[], named: string | null): string | null {
  if (named && links.some((l) => l.repository === named)) return named;
  return links.length === 1 ? links[0]!.repository : null;
}

/**
 * What an import that cannot fetch the commits it lacks says: `none` when no release brought any, else
 * `commits` (those that did have taught), with how many added history only and why.
 */
function cannotFetch(withCommits: number, withoutCommits: number, why: string): ImportLearning {
  if (withCommits === 0) return none(`These releases came without their commits, and ${why}`);
  const some = `${withoutCommits} of these ${withCommits + withoutCommits} releases`;
  const verb =
    withoutCommits === 1 ? 'came without its commits and teaches' : 'came without their commits and teach';
  return {
    status: 'commits',
    repository: null,
    reason: `${some} ${verb} nothing (a version without a tag, or the oldest): ${why}`,
  };
}

/**
 * @param withCommits how many of the releases imported or replaced carried their commits.
 * @param withoutCommits how many of the releases imported or replaced came without commits.
 * @param named the import's `repository` (lower-case), if any.
 * @returns what the import's answer says of learning; queues the fetch (in `tx`) when it can be done.
 */
export async function queueCommitFetch(
  ctx: Pick<ServiceContext, 'jobs' | 'github'>,
  tx: TransactionSql,
  projectId: string,
  counts: { withCommits: number; withoutCommits: number },
  named: string | null,
): Promise<ImportLearning> {
  const { withCommits, withoutCommits } = counts;
  if (withoutCommits === 0) return { status: 'commits', repository: null, reason: null };
  if (!ctx.github)
    return cannotFetch(
      withCommits,
      withoutCommits,
      `this server has no GitHub App to fetch them: ${TEACH_ANOTHER_WAY}.`,
    );
  const links = await listProjectLinks(tx, projectId);
  const repository = repositoryOf(links, named);
  if (!repository)
    return cannotFetch(
      withCommits,
      withoutCommits,
      links.length === 0
        ? `no GitHub repository is linked to this project to fetch them from: link it on the GitHub page, or ${TEACH_ANOTHER_WAY}.`
        : `several repositories are linked to this project: import naming one as its repository, or ${TEACH_ANOTHER_WAY}.`,
    );
  const installed = await listInstalledRepositories(tx);
  if (!installed.some((r) => r.repository === repository))
    return {
      ...cannotFetch(
        withCommits,
        withoutCommits,
        `the GitHub App is not installed on ${repository} to fetch them: install it there, or ${TEACH_ANOTHER_WAY}.`,
      ),
      repository,
    };
  await ctx.jobs.send(tx, 'history-commits', { projectId, repository }, { group: projectId });
  return { status: 'fetching', repository, reason: null };
}
