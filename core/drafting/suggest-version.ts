/**
 * The next version (docs/api.md#generate-a-draft-from-commits-and-pull-requests `draft.suggestedVersion`, docs/github-action.md
 * `suggested-version`): the previous release's version bumped by the changes since, the way semantic
 * versioning reads them: a breaking change → major (minor below 1.0.0), a feature → minor (patch below
 * 1.0.0), anything else → patch. A previous pre-release continues its line (`2.0.0-rc.1` → `2.0.0-rc.2`)
 * unless the changes need more than the line promises (`1.3.0-rc.1` with a breaking change →
 * `2.0.0-rc.0`). The tag's prefix is kept (`v1.2.0`, `web@1.2.0`, `web-v1.2.0`); build metadata is
 * not. With no previous release: `0.1.0`. Pure; the arithmetic is `semver`'s.
 */
import semver from 'semver';

/** The most a release's changes ask of its version. */
export type ChangeLevel = 'breaking' | 'feature' | 'other';

const RANK = { patch: 0, minor: 1, major: 2 } as const;
type Bump = keyof typeof RANK;

/** The first release's version when nothing was released before (release-drafter's too). */
export const FIRST_VERSION = '0.1.0';

/** `v1.2.0` → `['v', '1.2.0']`; `web@1.2.0-rc.1` → `['web@', '1.2.0-rc.1']`; no version: null. */
export function splitTag(tag: string): [prefix: string, version: string] | null {
  const text = tag.trim();
  // The version starts at the first `1.2`: `python3-v1.2.0` has the prefix `python3-v`.
  const match = /^(.*?)(\d+\.\d+\S*)$/.exec(text) ?? /^(\D*)(\d+)$/.exec(text);
  return match ? [match[1]!, match[2]!] : null;
}

function bumpOf(level: ChangeLevel, major: number): Bump {
  if (level === 'breaking') return major === 0 ? 'minor' : 'major';
  if (level === 'feature') return major === 0 ? 'patch' : 'minor';
  return 'patch';
}

/** What a pre-release line promises: `2.0.0-rc.1` a major, `1.3.0-rc.1` a minor, `1.2.1-rc.1` a patch. */
function lineOf(version: semver.SemVer): Bump {
  if (version.patch > 0) return 'patch';
  if (version.minor > 0 || version.major === 0) return 'minor';
  return 'major';
}

/**
 * @param previous the previous release's tag or version as written (`v1.2.0`), or null for none.
 * @returns the suggested version with the previous tag's prefix, or null when `previous` names no
 *   version semver can read.
 */
export function suggestVersion(previous: string | null, level: ChangeLevel): string | null {
  if (previous === null) return FIRST_VERSION;
  const split = splitTag(previous);
  if (!split) return null;
  const [prefix, written] = split;
  const version = semver.parse(written, { loose: true }) ?? semver.coerce(written);
  if (!version) return null;
  const bump = bumpOf(level, version.major);
  const pre = version.prerelease;
  if (pre.length > 0) {
    const identifier = typeof pre[0] === 'string' ? pre[0] : undefined;
    const next =
      RANK[bump] > RANK[lineOf(version)]
        ? semver.inc(version, `pre${bump}`, {}, identifier, '0')
        : semver.inc(version, 'prerelease', {}, identifier);
    return next === null ? null : `${prefix}${next}`;
  }
  return `${prefix}${semver.inc(version, bump)}`;
}
