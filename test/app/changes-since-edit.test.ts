/**
 * Edits are never overridden, new changes never missed (issue 22, scope 4), through `probot.receive`:
 * a pull request's entry drafted, edited by a person, then new commits pushed: the sticky comment keeps
 * the edit and lists the changes not in the entry ("2 changes since your edit"); `/shiplog add` appends
 * their items to the edited entry and they are not offered again.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  appComment,
  captureComment,
  GITHUB_API,
  mockDraftingCalls,
  mockRepoConfig,
  pullRequestEvent,
  REPO_PATH,
  useAppServer,
} from '../helpers/github-app.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

const { server, headers, scopes, receive } = useAppServer();

/** A commit as the pull request's commits API lists it (oldest first), with its parent. */
const commit = (sha: string, message: string, parent: string) => ({
  sha: sha.repeat(40),
  parents: [{ sha: parent.repeat(40) }],
  commit: { message },
});
const first = [commit('1', 'feat: export the changelog as CSV', '0')];
const pushed = [
  ...first,
  commit('2', 'feat: filter the feed by component', '1'),
  commit('3', 'fix(widget): keep it open on resize', '2'),
];
const entryIdIn = (body: string | undefined) => /<!-- shiplog:entry (ent_\w+) -->/.exec(body ?? '')![1]!;
const entry = async (id: string) =>
  (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).json().entry;

function commandComment(body: string) {
  const payload = webhookExample('issue_comment', 'created');
  payload.installation = { id: 1 };
  payload.issue.number = 21;
  payload.issue.pull_request = { url: `${GITHUB_API}${REPO_PATH}/pulls/21` };
  payload.comment = {
    ...payload.comment,
    id: 4321,
    body,
    user: { ...payload.comment.user, login: 'maintainer' },
  };
  payload.sender = { ...payload.sender, login: 'maintainer', type: 'User' };
  return payload;
}

describe('changes since a person edited the entry', () => {
  it('lists them under the kept edit, and /shiplog add appends their items', async () => {
    // Drafted from the first commit (head 1111…).
    scopes.push(...mockDraftingCalls({ number: 21, commitList: first }));
    const posted = captureComment('post', 21);
    scopes.push(posted.scope);
    await receive(
      'pull_request',
      pullRequestEvent('opened', (pr) => ((pr.number = 21), (pr.head.sha = '1'.repeat(40)))),
    );
    expect(posted.captured.body).toContain(`<!-- shiplog:head ${'1'.repeat(40)} -->`);
    const id = entryIdIn(posted.captured.body);
    await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { body: 'Written by a person.' },
    });

    // Two commits pushed: the edit is kept, the two changes listed with the commands.
    scopes.push(
      ...mockDraftingCalls({
        number: 21,
        commitList: pushed,
        existing: [appComment(601, posted.captured.body!)],
      }),
    );
    const listed = captureComment('patch', 21, 601);
    scopes.push(listed.scope);
    await receive(
      'pull_request',
      pullRequestEvent('synchronize', (pr) => ((pr.number = 21), (pr.head.sha = '3'.repeat(40)))),
    );
    const sticky = listed.captured.body!;
    expect(sticky).toContain('Written by a person.');
    expect(sticky).toContain('**2 changes since your edit**');
    expect(sticky).toContain('> - Keep it open on resize (`3333333`)');
    expect(sticky).toContain('> - Filter the feed by component (`2222222`)');
    expect(sticky).not.toContain('Export the changelog as CSV (`1111111`)');
    expect(sticky).toMatch(/`\/shiplog add`[^\n]*`\/shiplog regenerate`/);
    expect((await entry(id)).body).toBe('Written by a person.');

    // A maintainer comments /shiplog add: the items are appended, the edit kept.
    const added = captureComment('patch', 21, 601);
    scopes.push(
      added.scope,
      mockRepoConfig(null),
      nock(GITHUB_API)
        .get(`${REPO_PATH}/collaborators/maintainer/permission`)
        .reply(200, { permission: 'write', role_name: 'write' })
        .post(`${REPO_PATH}/issues/comments/4321/reactions`, { content: 'eyes' })
        .reply(201, {})
        .get(`${REPO_PATH}/issues/21/comments`)
        .query(true)
        .reply(200, [appComment(601, sticky)])
        .get(`${REPO_PATH}/pulls/21`)
        .reply(200, {
          ...pullRequestEvent('synchronize').pull_request,
          number: 21,
          head: { sha: '3'.repeat(40), repo: null },
        })
        .get(`${REPO_PATH}/pulls/21/commits`)
        .query(true)
        .reply(200, pushed)
        .post(`${REPO_PATH}/issues/comments/4321/reactions`, { content: '+1' })
        .reply(201, {}),
    );
    await receive('issue_comment', commandComment('/shiplog add'));
    expect((await entry(id)).body).toBe(
      'Written by a person.\n\n- Filter the feed by component\n- Keep it open on resize\n',
    );
    expect(added.captured.body).toContain('2 changes added by @maintainer.');
    expect(added.captured.body).toContain(`<!-- shiplog:head ${'3'.repeat(40)} -->`);
    expect(added.captured.body).not.toContain('since your edit');

    // The next push with nothing new lists nothing.
    scopes.push(
      ...mockDraftingCalls({
        number: 21,
        commitList: pushed,
        existing: [appComment(601, added.captured.body!)],
      }),
    );
    const after = captureComment('patch', 21, 601);
    scopes.push(after.scope);
    await receive(
      'pull_request',
      pullRequestEvent('synchronize', (pr) => ((pr.number = 21), (pr.head.sha = '3'.repeat(40)))),
    );
    expect(after.captured.body).not.toContain('since your edit');
    expect(after.captured.body).toContain('- Keep it open on resize');
  });
});
