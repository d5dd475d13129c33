/**
 * What both ways of running the Action share (with a server: run-with-server.ts; without:
 * run-in-runner.ts): the inputs, the workflow's event and repository, the range it resolved, the
 * checkout's git, and the GitHub client made on first use.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as github from '@actions/github';
import type { GitRunner } from '../core/collect-commits.ts';
import type { RangeRequest, RepoRef } from '../core/resolve-range.ts';
import type { ActionInputs } from './inputs.ts';

const run$ = promisify(execFile);

export type StepContext = {
  inputs: ActionInputs;
  payload: typeof github.context.payload;
  repo: RepoRef;
  /** The range of the triggering event (before a component narrows it). */
  resolved: RangeRequest;
  /** The checkout (GITHUB_WORKSPACE), or null outside a runner. */
  workspace: string | null;
  git: GitRunner | null;
  api: (why: string) => ReturnType<typeof github.getOctokit>;
  /** The repository's web URL (GitHub Enterprise included). */
  repositoryUrl: string;
};

export function gitIn(cwd: string): GitRunner {
  return async (args) => (await run$('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 })).stdout;
}

type Octokit = ReturnType<typeof github.getOctokit>;

/**
 * The GitHub client, made on first use: a checkout that holds the whole range needs no API call, so
 * an empty `github-token` only fails when a call is really needed, and says which.
 */
export function lazyOctokit(token: string): (why: string) => Octokit {
  let octokit: Octokit | undefined;
  return (why) => {
    if (!token) {
      throw new Error(
        `The github-token input is empty, but ${why} needs the GitHub API. Pass \`github-token: \${{ github.token }}\` (the default), or check out the whole range with \`fetch-depth: 0\`.`,
      );
    }
    octokit ??= github.getOctokit(token);
    return octokit;
  };
}
