/**
 * Releases (issue "GitHub App", scope 6; issue 22): `release.published` → the commits from the previous
 * release tag to this one → the release's entry, drafted, or published at once with
 * `publish-on-release`. A draft release (`release.created`) is drafted too when `release-notes` is on.
 * In a monorepo, a tag `web@1.2.0` or `web-v1.2.0` drafts component `web` only (from its previous tag);
 * another tag drafts each component the range touches. With `release-notes`, the drafted notes are
 * written into the release's body between Shiplog's markers (a person's edit outside them is kept);
 * with `release-link`, a published public entry's link is added to the notes.
 */
import type { Context } from 'probot';
import { listReleaseTagsFromApi } from '../../core/collect-commits.ts';
import type { Entry } from '../../core/contract/entries.schema.ts';
import { requestDraft } from '../../core/request-draft.ts';
import { writeReleaseNotes } from '../../core/release-notes-body.ts';
import { resolveRange, selectPreviousTag } from '../../core/resolve-range.ts';
import type { HandlerDeps } from '../app-deps.ts';
import { componentOfTag, previousComponentTag } from '../../core/components.ts';
import { draftDepsOf } from '../draft-deps.ts';
import { componentsTouched, draftTargets, rangeFiles } from '../draft-targets.ts';
import { draftingOf, labelMapOf, loadRepoConfig, type RepoConfig, RepoConfigError } from '../repo-config.ts';

type ReleaseContext = Context<'release.published'> | Context<'release.created'>;

/** The notes of the release's entries: one section per component. */
function notesOf(drafted: { component: string | null; entry: Entry }[], config: RepoConfig): string {
  return drafted
    .map(({ component, entry }) => {
      const link =
        config['release-link'] && entry.url ? `\n\n📝 Changelog: [${entry.title}](${entry.url})` : '';
      return `${component ? `## ${component}\n\n` : ''}${entry.body.trim()}${link}`;
    })
    .join('\n\n');
}

export async function onRelease(context: ReleaseContext, deps: HandlerDeps): Promise<void> {
  const { payload } = context;
  const isDraft = payload.release.draft;
  if (payload.action === 'published' && isDraft) return;
  if (payload.action === 'created' && !isDraft) return;
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
  if (isDraft && !config['release-notes']) return;

  const octokit = context.octokit;
  const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const tag = payload.release.tag_name;
  // A draft release's tag may not exist yet: its range ends at the commit it will be made from.
  const base = resolveRange(
    'release',
    payload,
    repo,
    isDraft ? { to: payload.release.target_commitish } : {},
  );
  if (base.kind !== 'release') return;
  const ofTag = componentOfTag(config.components, tag);
  let components = null;
  let from = base.from;
  if (ofTag) {
    components = [ofTag.component];
    const { tags } = await listReleaseTagsFromApi(octokit, repo);
    // A component's range starts at its own previous tag (`web@1.1.0`); none: its first release.
    from = previousComponentTag(selectPreviousTag, tags, ofTag.component.name, tag);
  } else if (config.components.length) {
    from = selectPreviousTag((await listReleaseTagsFromApi(octokit, repo)).tags, tag);
    components = from
      ? componentsTouched(config, await rangeFiles(octokit, { ...repo, from, to: base.to }))
      : config.components;
  }
  const publish = config['publish-on-release'] && !isDraft;
  const targets = await draftTargets(deps, payload.repository.full_name, config, shiplog, components);
  const drafted: { component: string | null; entry: Entry }[] = [];
  for (const target of targets) {
    const { entry } = await requestDraft(draftDepsOf(context, target.shiplog), {
      range: { ...base, from },
      paths: target.paths,
      repositoryUrl: payload.repository.html_url,
      version: ofTag?.version ?? tag,
      visibility: config.visibility,
      publish,
      operation: publish ? 'release+publish' : 'release',
      labelMap: labelMapOf(config),
      drafting: draftingOf(config),
      component: target.component?.name,
      contributors: config.contributors,
    });
    if (entry) drafted.push({ component: target.component?.name ?? null, entry });
  }
  if (drafted.length === 0) return;
  if (config['release-notes']) {
    await writeReleaseNotes(octokit, { ...repo, releaseId: payload.release.id }, notesOf(drafted, config));
    return;
  }
  const entry = drafted[0]!.entry;
  if (!entry.url || !config['release-link']) return;
  const notes = payload.release.body ?? '';
  if (notes.includes(entry.url)) return;
  await octokit.request('PATCH /repos/{owner}/{repo}/releases/{release_id}', {
    ...repo,
    release_id: payload.release.id,
    body: `${notes.trimEnd()}${notes.trim() ? '\n\n' : ''}📝 Changelog: [${entry.title}](${entry.url})\n`,
  });
}
