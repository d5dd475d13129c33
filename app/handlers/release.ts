/**
 * Releases (issue "GitHub App", scope 6): `release.published` → the commits from the previous release
 * tag to this one → the release's entry, drafted, or published at once with `publish-on-release`.
 * With `release-link`, a published public entry's link is added to the GitHub release's notes.
 */
import type { Context } from 'probot';
import { draftRelease } from '../../core/draft-release.ts';
import { resolveRange } from '../../core/resolve-range.ts';
import type { HandlerDeps } from '../app-deps.ts';
import { draftDepsOf } from '../draft-deps.ts';
import {
  includePaths,
  labelMapOf,
  loadRepoConfig,
  type RepoConfig,
  RepoConfigError,
} from '../repo-config.ts';

export async function onReleasePublished(
  context: Context<'release.published'>,
  deps: HandlerDeps,
): Promise<void> {
  const { payload } = context;
  if (payload.release.draft) return;
  const shiplog = await deps.shiplogFor(payload.repository.full_name);
  if (!shiplog) return;
  let config: RepoConfig;
  try {
    config = await loadRepoConfig(context);
  } catch (err) {
    if (!(err instanceof RepoConfigError)) throw err;
    context.log.warn({ repository: payload.repository.full_name }, err.message);
    return;
  }
  if (!config.enabled || !config.on.includes('release')) return;

  const octokit = context.octokit;
  const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const range = resolveRange('release', payload, repo);
  const { entry } = await draftRelease(draftDepsOf(context, shiplog), {
    range,
    paths: includePaths(config),
    repositoryUrl: payload.repository.html_url,
    version: payload.release.tag_name,
    visibility: config.visibility,
    publish: config['publish-on-release'],
    operation: config['publish-on-release'] ? 'release+publish' : 'release',
    labelMap: labelMapOf(config),
  });
  if (!entry?.url || !config['release-link']) return;
  const notes = payload.release.body ?? '';
  if (notes.includes(entry.url)) return;
  await octokit.request('PATCH /repos/{owner}/{repo}/releases/{release_id}', {
    ...repo,
    release_id: payload.release.id,
    body: `${notes.trimEnd()}${notes.trim() ? '\n\n' : ''}📝 Changelog: [${entry.title}](${entry.url})\n`,
  });
}
