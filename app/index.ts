/**
 * The Shiplog GitHub App (Probot 14): a changelog draft on every pull request and release, kept in one
 * sticky comment, approved by maintainers with `/shiplog` commands (docs/github-app.md#github-app).
 * `createShiplogApp(deps)` gives the app function; `shiplog serve` loads it with the in-process Shiplog,
 * `app/standalone.ts` with the HTTP client.
 */
import type { ApplicationFunction, Probot } from 'probot';
import type { AppDeps } from './app-deps.ts';
import { appLoginOf } from './app-login.ts';
import { onInstallation, onInstallationRepositories } from './handlers/installation.ts';
import { onIssueComment } from './handlers/issue-comment.ts';
import { onPullRequest } from './handlers/pull-request.ts';
import { onRelease } from './handlers/release.ts';

export function createShiplogApp(deps: AppDeps): ApplicationFunction {
  return (app: Probot) => {
    const handlerDeps = { ...deps, appLogin: appLoginOf(app) };
    app.on(
      [
        'pull_request.opened',
        'pull_request.synchronize',
        'pull_request.reopened',
        'pull_request.edited',
        'pull_request.closed',
      ],
      (context) => onPullRequest(context, handlerDeps),
    );
    app.on('issue_comment.created', (context) => onIssueComment(context, handlerDeps));
    app.on(['release.published', 'release.created'], (context) => onRelease(context, handlerDeps));
    app.on('installation', (context) => onInstallation(context, handlerDeps));
    app.on('installation_repositories', (context) => onInstallationRepositories(context, handlerDeps));
  };
}
