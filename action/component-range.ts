/**
 * The Action's `component` input on a release (issue 22, monorepos): a tag `web@1.2.0` or `web-v1.2.0`
 * of the component is drafted from the component's previous tag (from the checkout's tags, else the
 * releases API), with the version the tag names. Other events and tags are left as they are.
 */
import { type GitRunner, listReleaseTagsFromApi, listTagsFromGit } from '../core/collect-commits.ts';
import { componentVersionOf, previousComponentTag } from '../core/components.ts';
import type { GitHubClient } from '../core/github-client.ts';
import { type RangeRequest, selectPreviousTag } from '../core/resolve-range.ts';

export async function componentRange(
  range: RangeRequest,
  component: string,
  deps: { git: GitRunner | null; api: (why: string) => GitHubClient },
): Promise<{ range: RangeRequest; version: string | undefined }> {
  if (range.kind !== 'release') return { range, version: undefined };
  const version = componentVersionOf(component, range.tag);
  if (version === null || range.from !== null) return { range, version: version ?? undefined };
  let tags: string[];
  try {
    tags = deps.git ? await listTagsFromGit(deps.git) : [];
  } catch {
    tags = [];
  }
  if (tags.length === 0)
    tags = (await listReleaseTagsFromApi(deps.api("listing the component's tags"), range)).tags;
  const from = previousComponentTag(selectPreviousTag, tags, component, range.tag);
  return { range: { ...range, from }, version };
}
