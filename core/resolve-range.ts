/**
 * Which commits a workflow run is about, from its event (issue "GitHub Action", scope 2):
 * - `release` (published/released/prereleased): from the previous release tag to this tag;
 * - `pull_request` (and `pull_request_target`): the pull request's commits, base...head;
 * - `push`: before..after; `workflow_dispatch` and anything else: the `from`/`to` inputs.
 * `from`/`to` inputs override the event. Pure: the event payload comes in as an argument.
 */
import semver from 'semver';

export type RepoRef = { owner: string; repo: string };

export type RangeRequest =
  | (RepoRef & { kind: 'release'; tag: string; prerelease: boolean; to: string; from: string | null })
  | (RepoRef & {
      kind: 'pull_request';
      number: number;
      from: string;
      to: string;
      commitCount: number;
      fromFork: boolean;
    })
  | (RepoRef & { kind: 'push' | 'manual'; from: string | null; to: string });

const ZERO_SHA = /^0{40}$/;

export class RangeError extends Error {
  override name = 'RangeError';
}

/** The parts of a webhook payload this module reads. */
type Payload = {
  release?: { tag_name: string; prerelease?: boolean };
  pull_request?: {
    number: number;
    commits?: number;
    base: { sha: string; repo?: { full_name?: string } };
    head: { sha: string; repo?: { full_name?: string } | null };
  };
  before?: string;
  after?: string;
};

/**
 * @param overrides the `from`/`to` inputs; either wins over the event.
 * @throws RangeError when nothing tells where the range ends.
 */
export function resolveRange(
  eventName: string,
  payload: object,
  repo: RepoRef,
  overrides: { from?: string; to?: string } = {},
): RangeRequest {
  const event = payload as Payload;
  const from = overrides.from || undefined;
  const to = overrides.to || undefined;
  if (eventName === 'release' && event.release) {
    const tag = String(event.release.tag_name);
    return {
      ...repo,
      kind: 'release',
      tag,
      prerelease: Boolean(event.release.prerelease),
      to: to ?? tag,
      from: from ?? null,
    };
  }
  if ((eventName === 'pull_request' || eventName === 'pull_request_target') && event.pull_request) {
    const pr = event.pull_request;
    return {
      ...repo,
      kind: 'pull_request',
      number: Number(pr.number),
      from: from ?? String(pr.base.sha),
      to: to ?? String(pr.head.sha),
      commitCount: Number(pr.commits ?? 0),
      fromFork: Boolean(pr.head?.repo && pr.head.repo.full_name !== pr.base?.repo?.full_name),
    };
  }
  if (eventName === 'push' && event.after && !ZERO_SHA.test(event.after)) {
    const before = event.before && !ZERO_SHA.test(event.before) ? String(event.before) : null;
    return { ...repo, kind: 'push', from: from ?? before, to: to ?? String(event.after) };
  }
  if (!to) throw new RangeError(`The ${eventName} event names no commits: set the "to" input (and "from")`);
  return { ...repo, kind: 'manual', from: from ?? null, to };
}

/** `v1.2.3` / `1.2.3` → semver, else null (`grep-0.3.1`, `nightly`). */
function versionOf(tag: string): semver.SemVer | null {
  return /^v?\d/.test(tag) ? semver.parse(tag.replace(/^v/, '')) : null;
}

/**
 * The release before `current`: the highest semver tag below it. Pre-release tags count only when
 * `current` is one itself; tags that are not versions are ignored.
 * @returns null when there is none (a first release: the range starts at the beginning).
 */
export function selectPreviousTag(tags: readonly string[], current: string): string | null {
  const now = versionOf(current);
  if (!now) return null;
  const includePrereleases = now.prerelease.length > 0;
  let best: { tag: string; version: semver.SemVer } | null = null;
  for (const tag of tags) {
    const version = versionOf(tag);
    if (!version || semver.gte(version, now)) continue;
    if (version.prerelease.length > 0 && !includePrereleases) continue;
    if (!best || semver.gt(version, best.version)) best = { tag, version };
  }
  return best?.tag ?? null;
}
