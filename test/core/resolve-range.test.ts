import { describe, expect, it } from 'vitest';
import { resolveRange, selectPreviousTag } from '../../core/resolve-range.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

const repo = { owner: 'Codertocat', repo: 'Hello-World' };

describe('resolveRange (real webhook payloads)', () => {
  it('release: the tag, pre-release flag, and no start yet (the previous release is looked up)', () => {
    const published = webhookExample('release', 'published');
    expect(resolveRange('release', published, repo)).toEqual({
      ...repo,
      kind: 'release',
      tag: '0.0.1',
      prerelease: false,
      to: '0.0.1',
      from: null,
    });
    const pre = webhookExample('release', 'prereleased');
    expect(resolveRange('release', pre, repo)).toMatchObject({ kind: 'release', prerelease: true });
  });

  it('pull_request: base...head of the pull request, with its commit count', () => {
    const opened = webhookExample('pull_request', 'opened');
    expect(resolveRange('pull_request', opened, repo)).toEqual({
      ...repo,
      kind: 'pull_request',
      number: 2,
      from: opened.pull_request.base.sha,
      to: opened.pull_request.head.sha,
      commitCount: opened.pull_request.commits,
      fromFork: false,
    });
    const fork = webhookExample('pull_request', 'opened');
    fork.pull_request.head.repo.full_name = 'someone/Hello-World';
    expect(resolveRange('pull_request', fork, repo)).toMatchObject({ fromFork: true });
  });

  it('push: before..after; a new branch (before = 0…0) starts at the beginning; a deletion names nothing', () => {
    const branch = webhookExample('push', undefined, (e) => e.ref === 'refs/heads/master');
    expect(resolveRange('push', branch, repo)).toEqual({
      ...repo,
      kind: 'push',
      from: null,
      to: branch.after,
    });
    branch.before = 'a'.repeat(40);
    expect(resolveRange('push', branch, repo)).toMatchObject({ from: 'a'.repeat(40) });
    const deleted = webhookExample('push', undefined, (e) => /^0+$/.test(e.after));
    expect(() => resolveRange('push', deleted, repo)).toThrow(/set the "to" input/);
  });

  it('workflow_dispatch: the from/to inputs, which also override any event', () => {
    const dispatch = webhookExample('workflow_dispatch');
    expect(() => resolveRange('workflow_dispatch', dispatch, repo)).toThrow(/"to" input/);
    expect(resolveRange('workflow_dispatch', dispatch, repo, { from: 'v1.0.0', to: 'v1.1.0' })).toEqual({
      ...repo,
      kind: 'manual',
      from: 'v1.0.0',
      to: 'v1.1.0',
    });
    expect(
      resolveRange('release', webhookExample('release', 'published'), repo, { from: 'v0.0.0' }),
    ).toMatchObject({ from: 'v0.0.0', to: '0.0.1' });
  });
});

describe('selectPreviousTag', () => {
  const tags = [
    'v2.9.0',
    'v2.9.1',
    'v2.10.0-rc.0',
    'v2.10.0',
    'v2.10.1',
    'grep-0.3.1',
    'nightly',
    'v2.11.0-beta.1',
    '2.8.0',
  ];
  it('takes the highest lower version, by semver not by string', () => {
    expect(selectPreviousTag(tags, 'v2.10.1')).toBe('v2.10.0');
    expect(selectPreviousTag(tags, 'v2.10.0')).toBe('v2.9.1');
    expect(selectPreviousTag(tags, 'v2.9.0')).toBe('2.8.0');
  });
  it('skips pre-releases unless this is one', () => {
    expect(selectPreviousTag(tags, 'v2.11.0')).toBe('v2.10.1');
    expect(selectPreviousTag(tags, 'v2.11.0-beta.2')).toBe('v2.11.0-beta.1');
  });
  it('ignores tags that are not versions, and has no answer for a first release or a non-version tag', () => {
    expect(selectPreviousTag(['grep-0.3.1', 'nightly'], '14.0.0')).toBeNull();
    expect(selectPreviousTag(tags, 'nightly')).toBeNull();
    expect(selectPreviousTag(['13.0.0', '14.0.0', '14.0.1'], '14.0.1')).toBe('14.0.0');
  });
});
