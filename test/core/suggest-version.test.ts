/**
 * The next version: the previous release's bumped by the changes since (breaking → major, minor below
 * 1.0.0; feature → minor, patch below 1.0.0; else patch), pre-release lines and tag prefixes kept.
 */
import { describe, expect, it } from 'vitest';
import { suggestVersion } from '../../core/drafting/suggest-version.ts';

describe('suggestVersion', () => {
  it.each([
    ['v1.2.3', 'breaking', 'v2.0.0'],
    ['v1.2.3', 'feature', 'v1.3.0'],
    ['v1.2.3', 'other', 'v1.2.4'],
    ['0.4.1', 'breaking', '0.5.0'],
    ['0.4.1', 'feature', '0.4.2'],
    ['0.4.1', 'other', '0.4.2'],
    ['web@1.2.0', 'feature', 'web@1.3.0'],
    ['web-v1.2.0', 'other', 'web-v1.2.1'],
    ['python3-v2.0.0', 'breaking', 'python3-v3.0.0'],
    ['2.0.0-rc.1', 'breaking', '2.0.0-rc.2'],
    ['v1.3.0-beta.4', 'feature', 'v1.3.0-beta.5'],
    ['1.3.0-rc.1', 'breaking', '2.0.0-rc.0'],
    ['1.2.1-rc.1', 'feature', '1.3.0-rc.0'],
    ['1.2.0+build.5', 'other', '1.2.1'],
  ] as const)('%s with a %s change → %s', (previous, level, next) => {
    expect(suggestVersion(previous, level)).toBe(next);
  });

  it('suggests 0.1.0 for a first release, and nothing for a tag that names no version', () => {
    expect(suggestVersion(null, 'breaking')).toBe('0.1.0');
    expect(suggestVersion('nightly', 'other')).toBeNull();
  });
});
