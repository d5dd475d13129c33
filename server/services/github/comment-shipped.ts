/**
 * The `github-shipped` job (queued by entry-events.ts when an entry drafted from a pull request or a
 * release is published, by any path): the App's "Shipped in …" comments on the pull requests and issues
 * it covers (app/shipped-comments.ts), once each, recorded in `github_shipped_comments`. Nothing is
 * said for an internal entry (it has no public page to link), a repository the App is not installed
 * on, or one whose `.github/shiplog.yml` says `shipped-comment: false`. With `changelog-file` and
 * `changelog-pull-request: true` there, the entry is also written into that changelog in the file's
 * own format, by the one pull request from `shiplog/changelog` (core/changelog-pull-request.ts).
 */
import { appLoginOf } from '../../../app/app-login.ts';
import { loadRepoConfig, RepoConfigError } from '../../../app/repo-config.ts';
import {
  leaveShippedComments,
  type ShippedEntry,
  type ShippedStore,
  shippedTargets,
} from '../../../app/shipped-comments.ts';
import { writeDraftedRelease } from '../../../core/changelog-file/write-drafted-release.ts';
import { proposeChangelog } from '../../../core/changelog-pull-request.ts';
import { findEntryById } from '../../db/entries.ts';
import { claimShippedComment, completeShippedComment } from '../../db/github-shipped.ts';
import { findProjectById } from '../../db/projects.ts';
import type { ServiceContext } from '../context.ts';
import { entryLinks } from '../entries/preview-link.ts';

type Log = { warn: (obj: object, msg: string) => void };

function storeOf(ctx: ServiceContext, repository: string): ShippedStore {
  return {
    claim: (entryId, target) => claimShippedComment(ctx.sql, { entryId, repository, ...target }),
    complete: (entryId, target, commentId) =>
      completeShippedComment(ctx.sql, { entryId, repository, number: target.number }, commentId),
  };
}

export async function commentShipped(ctx: ServiceContext, entryId: string, log: Log): Promise<void> {
  const app = ctx.github;
  const row = await findEntryById(ctx.sql, entryId);
  if (!app || !row?.sourceRepository || row.status !== 'published') return;
  const project = await findProjectById(ctx.sql, row.projectId);
  const { url } = entryLinks(ctx.config.publicUrl, project!.slug, row, ctx.previewSecret);
  if (!url) return;
  const [owner = '', repo = ''] = row.sourceRepository.split('/');
  // Loaded here, where the App is mounted: a server without it never loads Probot.
  const { repositoryContext } = await import('../../../app/repository-context.ts');
  const context = await repositoryContext(app, { owner, repo }, `shipped:${entryId}`);
  if (!context) return;
  let config;
  try {
    config = await loadRepoConfig(context);
  } catch (err) {
    if (!(err instanceof RepoConfigError)) throw err;
    log.warn({ repository: row.sourceRepository }, err.message);
    return;
  }
  if (!config.enabled) return;
  // `changelog-file` + `changelog-pull-request`: the release written into the file, by one pull request.
  if (config['changelog-file'] && config['changelog-pull-request'] && row.version)
    await proposeChangelog(context.octokit, {
      owner,
      repo,
      path: config['changelog-file'],
      write: (current) =>
        writeDraftedRelease(current, {
          version: row.version!,
          date: (row.publishedAt ?? new Date()).toISOString().slice(0, 10),
          body: row.body,
        }).text,
      title: `docs(changelog): ${row.version}`,
      message: `docs(changelog): ${row.version}\n\nWritten by Shiplog from the published entry.`,
      body: `Shiplog wrote the section of **${row.version}** into \`${config['changelog-file']}\`, in the file's own format, from the published entry: ${url}\n\nEdit this branch as you like; the next publication updates this pull request.`,
    });
  if (!config['shipped-comment']) return;
  const component = row.component ? config.components.find((c) => c.name === row.component) : undefined;
  const entry: ShippedEntry = {
    id: row.id,
    title: row.title,
    version: row.version,
    url,
    source: { owner, repo, pullRequest: row.sourcePullRequest, release: row.sourceRelease },
    paths: component?.paths,
    component: component?.name,
  };
  const targets = await shippedTargets(context.octokit, entry);
  await leaveShippedComments(
    context.octokit,
    entry,
    targets,
    storeOf(ctx, row.sourceRepository),
    appLoginOf(app),
  );
}
