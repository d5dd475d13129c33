/**
 * The Probot instance of `shiplog serve` (docs/github-app.md#github-app): the App's handlers (app/), GitHub
 * at `GITHUB_API_URL`, Probot's logger bound to the server's (its secrets redacted the same way).
 *
 * Rate limits (issue "GitHub App", scope 7): Probot's Octokit has the throttling and retry plugins.
 * A wait GitHub asks for of up to a minute (primary or secondary limit) is waited out in the job, twice
 * at most; a longer one fails the attempt and pg-boss retries the job later with backoff, so an
 * installation over its limit backs off instead of losing the work or holding a worker for an hour.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Probot, ProbotOctokit } from 'probot';
import type { Logger } from 'pino';
import { createShiplogApp } from '../../../app/index.ts';
import type { GithubAppConfig } from '../../config.ts';
import type { ServiceContext } from '../context.ts';
import { linkedShiplog } from './in-process-shiplog.ts';
import { installationStore } from './record-installations.ts';

/** The longest wait (seconds) a job sits out in-process before leaving it to a later retry. */
const MAX_INLINE_WAIT_SECONDS = 60;

/**
 * @param octokit the Octokit class to use instead of Probot's with the back-off above: tests pass one
 *   without the throttling plugin's pacing (one write a second), except where throttling is under test.
 */
export async function createGithubApp(
  config: GithubAppConfig,
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  octokit?: typeof ProbotOctokit,
): Promise<Probot> {
  const githubLog = log.child({ name: 'github' });
  const backOff = (
    retryAfter: number,
    options: { method: string; url: string },
    _octokit: unknown,
    retryCount: number,
  ) => {
    const wait = retryAfter <= MAX_INLINE_WAIT_SECONDS && retryCount < 2;
    githubLog.warn(
      { retryAfter, request: `${options.method} ${options.url}`, retryCount },
      wait
        ? 'GitHub rate limit: waiting before retrying'
        : 'GitHub rate limit: leaving the job for a later retry',
    );
    return wait;
  };
  // A function default: Probot builds each installation's client from the outer options, where a plain
  // `{ throttle: { … } }` default would be lost.
  const Octokit =
    octokit ??
    (ProbotOctokit.defaults((options: { throttle?: object }) => ({
      ...options,
      throttle: { ...options.throttle, onRateLimit: backOff, onSecondaryRateLimit: backOff },
    })) as typeof ProbotOctokit);
  const probot = new Probot({
    appId: config.appId,
    privateKey: config.privateKey,
    secret: config.webhookSecret,
    baseUrl: config.apiUrl,
    Octokit,
    log: githubLog as unknown as Logger,
  });
  await probot.load(
    createShiplogApp({ shiplogFor: linkedShiplog(ctx, githubLog), installations: installationStore(ctx) }),
  );
  return probot;
}
