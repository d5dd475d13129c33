/**
 * The changelog pull request (docs/github-action.md "CHANGELOG.md in its own format"): a change to the
 * repository's changelog proposed as **one** pull request from the branch `shiplog/changelog`, updated
 * on each run, never a second one. What the Action's `changelog-pull-request` and the App (on publish,
 * `.github/shiplog.yml` `changelog-file`) both do, through GitHub's REST API only:
 *
 * 1. the base branch (the repository's default unless given) and the open pull request from the branch;
 * 2. the file as that pull request has it (so releases written by earlier runs stay), else as the base
 *    has it (a merged or closed one starts over from the base);
 * 3. `write` makes the new text; unchanged text commits nothing;
 * 4. one commit on top (a tree with the file, a commit, the branch moved or made);
 * 5. the pull request updated, or opened.
 *
 * Needs `contents: write` and `pull-requests: write`. Dependencies come in as arguments.
 */
import type { GitHubClient } from './github-client.ts';

export const CHANGELOG_BRANCH = 'shiplog/changelog';

export type ChangelogProposal = {
  owner: string;
  repo: string;
  /** The changelog's path in the repository (`CHANGELOG.md`). */
  path: string;
  /** The branch to propose into; default the repository's default branch. */
  base?: string | undefined;
  /** The new text of the file from its current text ('' when it does not exist yet). */
  write: (current: string) => string;
  title: string;
  body: string;
  /** The commit message. */
  message: string;
};

export type ProposalOutcome = {
  /** `opened` a new pull request, `updated` the open one, `unchanged` when the file already said it. */
  action: 'opened' | 'updated' | 'unchanged';
  number: number | null;
  url: string | null;
};

const status = (err: unknown) => (err as { status?: number }).status;

async function refSha(
  octokit: GitHubClient,
  owner: string,
  repo: string,
  branch: string,
): Promise<string | null> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
      owner,
      repo,
      ref: `heads/${branch}`,
    });
    return data.object.sha;
  } catch (err) {
    if (status(err) === 404) return null;
    throw err;
  }
}

async function readAt(octokit: GitHubClient, p: ChangelogProposal, ref: string): Promise<string> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
      owner: p.owner,
      repo: p.repo,
      path: p.path,
      ref,
      mediaType: { format: 'raw' },
    });
    return typeof data === 'string' ? data : '';
  } catch (err) {
    if (status(err) === 404) return '';
    throw err;
  }
}

/** One commit holding `text` at `path`, on top of `parent`. */
async function commitFile(octokit: GitHubClient, p: ChangelogProposal, parent: string, text: string) {
  const where = { owner: p.owner, repo: p.repo };
  const { data: head } = await octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
    ...where,
    commit_sha: parent,
  });
  const { data: tree } = await octokit.request('POST /repos/{owner}/{repo}/git/trees', {
    ...where,
    base_tree: head.tree.sha,
    tree: [{ path: p.path, mode: '100644', type: 'blob', content: text }],
  });
  const { data: commit } = await octokit.request('POST /repos/{owner}/{repo}/git/commits', {
    ...where,
    message: p.message,
    tree: tree.sha,
    parents: [parent],
  });
  return commit.sha;
}

export async function proposeChangelog(
  octokit: GitHubClient,
  p: ChangelogProposal,
): Promise<ProposalOutcome> {
  const where = { owner: p.owner, repo: p.repo };
  const base = p.base ?? (await octokit.request('GET /repos/{owner}/{repo}', where)).data.default_branch;
  const { data: open } = await octokit.request('GET /repos/{owner}/{repo}/pulls', {
    ...where,
    state: 'open',
    head: `${p.owner}:${CHANGELOG_BRANCH}`,
    per_page: 1,
  });
  const existing = open[0] ?? null;
  const branchSha = await refSha(octokit, p.owner, p.repo, CHANGELOG_BRANCH);
  const baseSha = await refSha(octokit, p.owner, p.repo, base);
  if (!baseSha) throw new Error(`The base branch ${base} of the changelog pull request does not exist`);
  const parent = existing && branchSha ? branchSha : baseSha;
  const current = await readAt(octokit, p, parent);
  const text = p.write(current);
  if (text === current && (existing || parent === baseSha))
    return { action: 'unchanged', number: existing?.number ?? null, url: existing?.html_url ?? null };
  const sha = await commitFile(octokit, p, parent, text);
  if (branchSha)
    await octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
      ...where,
      ref: `heads/${CHANGELOG_BRANCH}`,
      sha,
      // A closed or merged pull request's branch starts over from the base.
      force: true,
    });
  else
    await octokit.request('POST /repos/{owner}/{repo}/git/refs', {
      ...where,
      ref: `refs/heads/${CHANGELOG_BRANCH}`,
      sha,
    });
  if (existing) {
    await octokit.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...where,
      pull_number: existing.number,
      title: p.title,
      body: p.body,
    });
    return { action: 'updated', number: existing.number, url: existing.html_url };
  }
  const { data: opened } = await octokit.request('POST /repos/{owner}/{repo}/pulls', {
    ...where,
    head: CHANGELOG_BRANCH,
    base,
    title: p.title,
    body: p.body,
  });
  return { action: 'opened', number: opened.number, url: opened.html_url };
}
