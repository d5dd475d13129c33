/**
 * The GitHub client as core/ uses it, typed at the boundary by @octokit/core: `request` with GitHub's
 * typed routes, `graphql`, and (where a list is read through) `paginate`. The Action's
 * `github.getOctokit(token)` and the App's `context.octokit` (Probot) are both such clients, so neither
 * needs a cast; tests pass a plain `new Octokit()`.
 */
import type { Octokit } from '@octokit/core';
import type { PaginateInterface } from '@octokit/plugin-paginate-rest';

export type GitHubClient = Pick<Octokit, 'request' | 'graphql'>;

/** A client that can page through a list (`octokit.paginate.iterator`). */
export type PagingGitHubClient = GitHubClient & { paginate: PaginateInterface };
