/**
 * "Shipped in <version>: <link>" (docs/github-app.md#github-app): when an entry drafted from a pull request
 * or a release is published, one comment on each pull request it covers and on each issue those close.
 * Exactly once per (entry, pull request or issue): each target is claimed in the store before the
 * comment is posted and completed with the comment's id after, so a retried job skips what is done; a
 * claim left incomplete (a crash between posting and recording) is settled by looking for the
 * comment's own marker before posting again.
 *
 * Which pull requests: a pull request's entry covers that one; a release's entry covers the merged
 * pull requests of its range (previous release tag → tag, read as drafting reads them, in bounded
 * calls: the compare API and one GraphQL query per 100 commits).
 */
import { collectPullRequests } from '../core/collect-pull-requests.ts';
import { listReleaseTagsFromApi } from '../core/collect-commits.ts';
import { collectRangeCommits } from '../core/gather-release.ts';
import type { PagingGitHubClient } from '../core/github-client.ts';
import { selectPreviousTag } from '../core/resolve-range.ts';
import { previousComponentTag } from '../core/components.ts';
import { renderShippedComment, SHIPPED_MARKER } from './render-notices.ts';

export type ShippedTarget = { number: number; kind: 'pull_request' | 'issue' };

/** What the comments are about: a published entry and where it came from. */
export type ShippedEntry = {
  id: string;
  title: string;
  version: string | null;
  url: string;
  source: { owner: string; repo: string; pullRequest: number | null; release: string | null };
  /** A monorepo component's release: its paths (the range is read for them only). */
  paths?: string[] | undefined;
  /** A monorepo component's release: only its own tags (`name@1.1.0`) count as its previous release. */
  component?: string | undefined;
};

/** Where the claims live (the database inside `shiplog serve`). */
export type ShippedStore = {
  /**
   * Claim (entry, number) for a comment.
   * @returns `new` the first time; else the comment id recorded, or null when a claim was made but its
   *   comment not recorded (the earlier attempt may or may not have posted it).
   */
  claim(entryId: string, target: ShippedTarget): Promise<'new' | { commentId: number | null }>;
  complete(entryId: string, target: ShippedTarget, commentId: number): Promise<void>;
};

const CLOSING_ISSUES = `query($owner: String!, $repo: String!, $number: Int!) { repository(owner: $owner, name: $repo) {
  pullRequest(number: $number) { closingIssuesReferences(first: 100) { nodes { number repository { nameWithOwner } } } } } }`;

/** The pull requests and issues `entry` covers, pull requests first, each once. */
export async function shippedTargets(
  octokit: PagingGitHubClient,
  entry: ShippedEntry,
): Promise<ShippedTarget[]> {
  const { owner, repo, pullRequest, release } = entry.source;
  const pulls = new Set<number>();
  const issues = new Set<number>();
  if (pullRequest !== null) {
    pulls.add(pullRequest);
    const data = (await octokit.graphql(CLOSING_ISSUES, { owner, repo, number: pullRequest })) as {
      repository: {
        pullRequest: {
          closingIssuesReferences: { nodes: { number: number; repository: { nameWithOwner: string } }[] };
        } | null;
      };
    };
    const here = `${owner}/${repo}`.toLowerCase();
    for (const i of data.repository.pullRequest?.closingIssuesReferences.nodes ?? [])
      // An issue of another repository is not this one's to comment on.
      if (i.repository.nameWithOwner.toLowerCase() === here) issues.add(i.number);
  } else if (release !== null) {
    const { tags } = await listReleaseTagsFromApi(octokit, { owner, repo });
    const from = entry.component
      ? previousComponentTag(selectPreviousTag, tags, entry.component, release)
      : selectPreviousTag(tags, release);
    const range = {
      owner,
      repo,
      kind: 'release' as const,
      tag: release,
      prerelease: false,
      to: release,
      from,
    };
    const commits = await collectRangeCommits({ git: null, api: () => octokit }, range, from, entry.paths);
    const gathered = await collectPullRequests(octokit, { owner, repo }, commits.commits);
    for (const pr of gathered.pullRequests) {
      pulls.add(pr.number);
      for (const i of pr.closes ?? []) issues.add(i);
    }
  }
  return [
    ...[...pulls].map((number) => ({ number, kind: 'pull_request' as const })),
    ...[...issues].filter((n) => !pulls.has(n)).map((number) => ({ number, kind: 'issue' as const })),
  ];
}

/** The comment an earlier attempt posted, found by its marker and the app's login. */
async function findPosted(
  octokit: PagingGitHubClient,
  where: { owner: string; repo: string; issue_number: number },
  marker: string,
  login: string,
): Promise<number | null> {
  const pages = octokit.paginate.iterator('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...where,
    per_page: 100,
  });
  for await (const { data } of pages) {
    const found = data.find((c) => c.user?.login === login && c.body?.startsWith(marker));
    if (found) return found.id;
  }
  return null;
}

/**
 * Comment on every target not commented yet.
 * @returns the numbers commented on by this call.
 */
export async function leaveShippedComments(
  octokit: PagingGitHubClient,
  entry: ShippedEntry,
  targets: readonly ShippedTarget[],
  store: ShippedStore,
  appLogin: () => Promise<string>,
): Promise<number[]> {
  const { owner, repo } = entry.source;
  const body = renderShippedComment(entry);
  const commented: number[] = [];
  for (const target of targets) {
    const where = { owner, repo, issue_number: target.number };
    const claim = await store.claim(entry.id, target);
    if (claim !== 'new') {
      if (claim.commentId !== null) continue;
      const posted = await findPosted(octokit, where, SHIPPED_MARKER(entry.id), await appLogin());
      if (posted !== null) {
        await store.complete(entry.id, target, posted);
        continue;
      }
    }
    let id: number;
    try {
      const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...where,
        body,
      });
      id = Number(data.id);
    } catch (err) {
      // Locked, deleted or transferred: it never will take a comment; recorded as done (0), not retried.
      if (![403, 404, 410].includes((err as { status?: number }).status ?? 0)) throw err;
      id = 0;
    }
    await store.complete(entry.id, target, id);
    if (id !== 0) commented.push(target.number);
  }
  return commented;
}
