/**
 * `release.published` through `probot.receive`: the previous release tag..this tag drafted into the
 * release's one entry; with `publish-on-release` and `release-link`, published and linked from the
 * GitHub release's notes.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  GITHUB_API,
  mockInstallationToken,
  mockRepoConfig,
  REPO_PATH,
  useAppServer,
} from '../helpers/github-app.ts';
import { mockPullRequests, mockReleaseRange } from '../helpers/release-mocks.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';
import { loadReleases } from '../fixtures/releases/load-releases.ts';

const fixture = loadReleases().find((r) => r.repo === 'BurntSushi/ripgrep' && r.tag === '14.0.2')!;

// Releases need no comment, so the app never asks for its own login here: only the token.
const { server, headers, scopes, receive: deliver } = useAppServer({ auth: mockInstallationToken });
const receive = (payload: object) => deliver('release', payload);

function published(tag: string) {
  const payload = webhookExample('release', 'published');
  payload.installation = { id: 1 };
  payload.release.tag_name = tag;
  payload.release.body = 'Bug fixes.';
  return payload;
}

function mockRange(from: string, to: string) {
  scopes.push(
    mockPullRequests(),
    mockReleaseRange(from, to, fixture.commits, [
      { tag_name: to, draft: false },
      { tag_name: from, draft: false },
      { tag_name: '99.0.0', draft: true },
    ]),
  );
}

describe('release.published', () => {
  it('drafts previous tag..tag into the release entry, with the tag as its version', async () => {
    scopes.push(mockRepoConfig(null));
    mockRange('14.0.1', '14.0.2');
    await receive(published('14.0.2'));
    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers })).json().entries;
    expect(list).toHaveLength(1);
    const entry = (
      await server.app.inject({ method: 'GET', url: `/api/v1/entries/${list[0].id}`, headers })
    ).json().entry;
    expect(entry).toMatchObject({
      status: 'draft',
      version: '14.0.2',
      source: { repository: 'codertocat/hello-world', release: '14.0.2', pullRequest: null },
    });
    // Every first-parent commit of the range was read (none is a merge here).
    expect(entry.body).toContain('NUL');
  });

  it('drafts from the merged pull requests, with the repository’s own labels mapped', async () => {
    scopes.push(mockRepoConfig('category-labels:\n  "kind: shiny": feature\nskip-labels: [no-notes]\n'));
    const commits = [
      { sha: 'a'.repeat(40), message: 'Make the walker lazy (#41)' },
      { sha: 'b'.repeat(40), message: 'Tidy the fixtures (#42)' },
      { sha: 'c'.repeat(40), message: 'Fix a crash on empty globs (#43)' },
    ];
    const pr = (number: number, title: string, labels: string[], login = 'octocat') => ({
      number,
      title,
      body: null,
      merged: true,
      mergeCommit: { oid: commits.find((c) => c.message.includes(`#${number}`))!.sha },
      author: { login, __typename: 'User' },
      labels: { nodes: labels.map((name) => ({ name })) },
      closingIssuesReferences: { nodes: number === 43 ? [{ number: 40 }] : [] },
    });
    scopes.push(
      mockReleaseRange('2.0.0', '2.1.0', commits)
        .post(`${REPO_PATH}/releases/generate-notes`, { tag_name: '2.1.0', previous_tag_name: '2.0.0' })
        .reply(200, {
          body: '## New Contributors\n* @grace made their first contribution in https://github.com/Codertocat/Hello-World/pull/43\n',
        }),
      mockPullRequests({
        [commits[0]!.sha]: pr(41, 'Make the walker lazy', ['kind: shiny']),
        [commits[1]!.sha]: pr(42, 'Tidy the fixtures', ['no-notes']),
        [commits[2]!.sha]: pr(43, 'Fix a crash on empty globs', ['bug'], 'grace'),
      }),
    );
    await receive(published('2.1.0'));
    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers })).json().entries;
    const entry = (
      await server.app.inject({
        method: 'GET',
        url: `/api/v1/entries/${list.find((e: { version: string }) => e.version === '2.1.0').id}`,
        headers,
      })
    ).json().entry;
    expect(entry.body).toMatch(/### New features\n\n- Make the walker lazy \(\[#41\]/);
    expect(entry.body).toMatch(/### Fixes\n\n- Fix a crash on empty globs \(\[#43\].*\[#40\]/);
    expect(entry.body).not.toContain('Tidy the fixtures');
    expect(entry.body).toContain('\\@grace made their first contribution in [#43]');
  });

  it('publishes at once with publish-on-release and links the entry from the release notes', async () => {
    scopes.push(mockRepoConfig('publish-on-release: true\nrelease-link: true\n'));
    mockRange('14.0.1', '14.0.3');
    const notes: { body?: string } = {};
    scopes.push(
      nock(GITHUB_API)
        .patch(`${REPO_PATH}/releases/17372790`, (b) => ((notes.body = b.body), true))
        .reply(200, {}),
    );
    await receive(published('14.0.3'));
    const list = (
      await server.app.inject({ method: 'GET', url: '/api/v1/entries?status=published', headers })
    ).json().entries;
    expect(list).toHaveLength(1);
    const entry = (
      await server.app.inject({ method: 'GET', url: `/api/v1/entries/${list[0].id}`, headers })
    ).json().entry;
    expect(entry.url).toMatch(/^https:\/\/changelog\.test\/changelog\//);
    expect(notes.body).toMatch(
      /^Bug fixes\.\n\n📝 Changelog: \[.+\]\(https:\/\/changelog\.test\/changelog\/.+\)\n$/,
    );
    expect(notes.body).toContain(entry.url);
  });
});
