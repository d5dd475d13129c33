/**
 * `release-notes: true` (docs/github-app.md#github-app, issue 22): through `probot.receive` with real
 * `release` payloads, the drafted notes are written into the GitHub Release's body between Shiplog's
 * markers, first on the draft release, then again when it is published, keeping what a person wrote
 * outside the markers in between.
 */
import { describe, expect, it } from 'vitest';
import { RELEASE_NOTES_END, RELEASE_NOTES_START } from '../../core/release-notes-body.ts';
import { mockInstallationToken, mockRepoConfig, REPO_PATH, useAppServer } from '../helpers/github-app.ts';
import { mockPullRequests, mockReleaseRange } from '../helpers/release-mocks.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

const { server, headers, scopes, receive } = useAppServer({ auth: mockInstallationToken });
const RELEASE = `${REPO_PATH}/releases/17372790`;

function release(action: 'created' | 'published', draft: boolean, body: string) {
  const payload = webhookExample('release', action);
  payload.installation = { id: 1 };
  payload.release = {
    ...payload.release,
    id: 17372790,
    tag_name: '2.1.0',
    draft,
    body,
    target_commitish: 'main',
  };
  return payload;
}

/** The range 2.0.0 → `to`, its commits, and the release's body as GitHub has it; returns the body written. */
function mockDrafting(to: string, commits: { sha: string; message: string }[], stored: string) {
  const written: { body?: string } = {};
  scopes.push(
    mockRepoConfig('release-notes: true\n'),
    mockPullRequests(),
    mockReleaseRange('2.0.0', to, commits, [{ tag_name: '2.0.0', draft: false }])
      .get(RELEASE)
      .reply(200, { id: 17372790, body: stored })
      .patch(RELEASE, (b: { body: string }) => ((written.body = b.body), true))
      .reply(200, {}),
  );
  return written;
}

describe('release notes in the GitHub release', () => {
  it('writes the notes into the draft release, then rewrites only its own part once published', async () => {
    const first = mockDrafting(
      'main',
      [{ sha: 'a'.repeat(40), message: 'feat: export the changelog as CSV' }],
      '',
    );
    await receive('release', release('created', true, ''));
    expect(first.body).toMatch(
      new RegExp(`^${RELEASE_NOTES_START}\\n[^]*CSV[^]*\\n${RELEASE_NOTES_END}\\n$`),
    );

    // A maintainer writes an intro above the notes and a thank-you below, then publishes.
    const edited = `Upgrade with care: read the migration guide.\n\n${first.body!.trimEnd()}\n\nThanks to everyone!`;
    const second = mockDrafting(
      '2.1.0',
      [
        { sha: 'a'.repeat(40), message: 'feat: export the changelog as CSV' },
        { sha: 'b'.repeat(40), message: 'fix: keep the widget open on resize' },
      ],
      edited,
    );
    await receive('release', release('published', false, edited));
    expect(second.body).toMatch(
      /^Upgrade with care: read the migration guide\.\n\n<!-- shiplog:release-notes:start -->/,
    );
    expect(second.body).toMatch(/resize[^]*<!-- shiplog:release-notes:end -->\n\nThanks to everyone!$/);
    expect(second.body!.split(RELEASE_NOTES_START)).toHaveLength(2);

    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers })).json().entries;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: '2.1.0', source: { release: '2.1.0' } });
  });

  it('leaves a draft release alone without release-notes', async () => {
    scopes.push(mockRepoConfig(null));
    await receive('release', release('created', true, ''));
  });
});
