/**
 * What core/request-draft.ts needs, from a Probot context: no checkout (commits come from the REST API
 * through the installation's client), the Shiplog API, and the context's logger.
 */
import type { Context } from 'probot';
import type { DraftDeps } from '../core/request-draft.ts';
import type { ShiplogApi } from '../core/shiplog-client.ts';

export function draftDepsOf(context: Pick<Context, 'octokit' | 'log'>, shiplog: ShiplogApi): DraftDeps {
  const octokit = context.octokit;
  return {
    git: null,
    api: () => octokit,
    shiplog,
    log: { info: (m) => context.log.info(m), warning: (m) => context.log.warn(m) },
  };
}
