/**
 * The previous release of a range, as written (`v1.3.0`, `web@1.3.0`): what `suggested-version` bumps
 * (docs/github-action.md "The next version"). A release's is its previous tag; a pull request's, push's
 * or manual range's is the highest version tag its start (else its end) already contains: from the
 * checkout (`git tag --merged`), else the repository's release tags over the API. Null when there is
 * none or it cannot be read. Dependencies come in as arguments.
 */
import semver from 'semver';
import { type GitRunner, listReleaseTagsFromApi } from './collect-commits.ts';
import { splitTag } from './drafting/index.ts';
import type { GitHubClient } from './github-client.ts';
import type { RangeRequest } from './resolve-range.ts';

const versionOf = (tag: string) => {
  const written = splitTag(tag)?.[1];
  return written ? semver.parse(written, { loose: true }) : null;
};

/** The tag of the highest version among `tags` (pre-releases included), or null. */
export function newestVersionTag(tags: readonly string[]): string | null {
  let best: { tag: string; version: semver.SemVer } | null = null;
  for (const tag of tags) {
    const version = versionOf(tag);
    if (version && (!best || semver.gt(version, best.version))) best = { tag, version };
  }
  return best?.tag ?? null;
}

export async function previousRelease(
  deps: { git: GitRunner | null; api: (why: string) => GitHubClient },
  range: RangeRequest,
  from: string | null,
): Promise<string | null> {
  if (range.kind === 'release') return from;
  const ref = range.from ?? range.to;
  if (deps.git) {
    try {
      const merged = await deps.git(['tag', '--list', '--merged', ref]);
      return newestVersionTag(
        merged
          .split('\n')
          .map((t) => t.trim())
          .filter(Boolean),
      );
    } catch {
      // The checkout does not hold the ref: ask the API below.
    }
  }
  try {
    const { tags } = await listReleaseTagsFromApi(deps.api('listing release tags'), range);
    return newestVersionTag(tags);
  } catch {
    return null;
  }
}
