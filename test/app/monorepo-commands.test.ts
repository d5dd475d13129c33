/**
 * `/shiplog` commands on a monorepo pull request (docs/github-app.md#github-app, monorepos), through
 * `probot.receive` with real `issue_comment` payloads: the pull request touches `web` and `api` (a
 * shared file touches both, `cli` not at all), so it has two entries, each in its own sticky comment. A
 * command acts on every component's entry; `/shiplog <component> <command>` on that one only; a name the
 * pull request does not touch is refused, and an entry a command cannot act on is named in a reply.
 */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  appComment,
  GITHUB_API,
  mockRepoConfig,
  pullRequestEvent,
  REPO_PATH,
  useAppServer,
} from '../helpers/github-app.ts';
import { compareCommits } from '../helpers/release-mocks.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';
import { COMPONENTS_YML } from '../fixtures/monorepo-components.ts';

const { server, headers, scopes, receive } = useAppServer();
const unmatched: string[] = [];
const onNoMatch = (req: { method?: string; path?: string }) => unmatched.push(`${req.method} ${req.path}`);
beforeAll(() => void nock.emitter.on('no match', onNoMatch));
afterAll(() => void nock.emitter.removeListener('no match', onNoMatch));
afterEach(() => expect(unmatched.splice(0)).toEqual([]));

const NUMBER = 40;
const sha = (c: string) => c.repeat(40);
/** The pull request's commits, newest first; the head it is first drafted at touches `web` only. */
const DRAFTED = [
  { sha: sha('1'), message: 'feat(web): add a dark mode toggle' },
  { sha: sha('2'), message: 'fix(shared): parse dates in UTC' },
];
const PUSHED = [
  { sha: sha('4'), message: 'fix(api): answer 404 for an empty id' },
  { sha: sha('3'), message: 'feat(web): keyboard shortcuts' },
  ...DRAFTED,
];
/** Which commits touch each directory, as `GET /commits?path=` answers (newest first). */
const TOUCHING: Record<string, string[]> = {
  'packages/web': [sha('3'), sha('1')],
  'packages/shared': [sha('2')],
  'packages/api': [sha('4')],
};
const FILES = [{ filename: 'packages/web/src/theme.tsx' }, { filename: 'packages/shared/dates.ts' }];
const STICKY_ID: Record<string, number> = { web: 801, api: 802 };

/** The sticky comments as GitHub holds them, by component. */
const stickies: Record<string, string> = {};
let commentId = 5000;

function pullRequest(head: string) {
  return pullRequestEvent('synchronize', (pr) => {
    pr.number = NUMBER;
    pr.head.sha = head;
    pr.commits = head === sha('1') ? 2 : 4;
  }).pull_request;
}

/** GitHub's answers while the App reads the commits of `head` under each of `paths` (compare + path filter). */
function mockComponentCommits(head: string, paths: string[], list = head === sha('1') ? DRAFTED : PUSHED) {
  const { base } = pullRequest(head);
  const inRange = new Set(list.map((c) => c.sha));
  return nock(GITHUB_API)
    .get(`${REPO_PATH}/compare/${base.sha}...${head}`)
    .query(true)
    .reply(200, { total_commits: list.length, commits: compareCommits(list) })
    .get(`${REPO_PATH}/commits`)
    .query((q) => q.sha === head && paths.includes(String(q.path)))
    .times(paths.length)
    .reply(200, (uri) => {
      const path = new URL(uri, GITHUB_API).searchParams.get('path')!;
      return TOUCHING[path]!.filter((s) => inRange.has(s)).map((s) => ({ sha: s }));
    });
}
const WEB_PATHS = ['packages/web', 'packages/shared'];
const API_PATHS = ['packages/api', 'packages/shared'];

/** `scope` also answers the pull request's files and its comments (the stickies as they stand). */
const readsStickies = (scope: nock.Scope) =>
  scope
    .get(`${REPO_PATH}/pulls/${NUMBER}/files`)
    .query(true)
    .reply(200, FILES)
    .get(`${REPO_PATH}/issues/${NUMBER}/comments`)
    .query(true)
    .reply(
      200,
      Object.entries(stickies).map(([name, body]) => appComment(STICKY_ID[name]!, body)),
    );

/**
 * One command comment by a maintainer with write access: the permission, `.github/shiplog.yml`, the
 * pull request's files and comments (the stickies as they stand), the reactions expected.
 * @returns the sticky comments written (created or updated), by component, and the reply, if any.
 */
function mockCommand(reactions: string[], writes: string[], reply = false) {
  const id = ++commentId;
  const written: Record<string, string> = {};
  const answer: { body?: string } = {};
  const scope = readsStickies(
    nock(GITHUB_API)
      .get(`${REPO_PATH}/collaborators/maintainer/permission`)
      .reply(200, { permission: 'write', role_name: 'write' }),
  );
  for (const content of reactions)
    scope.post(`${REPO_PATH}/issues/comments/${id}/reactions`, { content }).reply(201, {});
  for (const name of writes) {
    const record = (b: { body: string }) => ((written[name] = b.body), true);
    if (stickies[name] === undefined)
      scope
        .post(
          `${REPO_PATH}/issues/${NUMBER}/comments`,
          (b) => b.body.includes(`component ${name} -->`) && record(b),
        )
        .reply(201, { id: STICKY_ID[name] });
    else scope.patch(`${REPO_PATH}/issues/comments/${STICKY_ID[name]}`, record).reply(200, {});
  }
  if (reply)
    scope
      .post(
        `${REPO_PATH}/issues/${NUMBER}/comments`,
        (b) => !b.body.startsWith('<!--') && ((answer.body = b.body), true),
      )
      .reply(201, { id: 1 });
  scopes.push(scope, mockRepoConfig(COMPONENTS_YML));
  return { id, written, answer };
}

function commandComment(id: number, body: string) {
  const payload = webhookExample('issue_comment', 'created');
  payload.installation = { id: 1 };
  payload.issue.number = NUMBER;
  payload.issue.pull_request = { url: `${GITHUB_API}${REPO_PATH}/pulls/${NUMBER}` };
  payload.comment = { ...payload.comment, id, body, user: { ...payload.comment.user, login: 'maintainer' } };
  payload.sender = { ...payload.sender, login: 'maintainer', type: 'User' };
  return payload;
}

/** Run `body` as a command; the stickies it wrote become what GitHub holds. */
async function run(body: string, mocked: ReturnType<typeof mockCommand>) {
  await receive('issue_comment', commandComment(mocked.id, body));
  Object.assign(stickies, mocked.written);
  return mocked;
}

const entryIdOf = (name: string) => /<!-- shiplog:entry (ent_\w+) -->/.exec(stickies[name] ?? '')?.[1];
const entry = async (name: string) =>
  (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${entryIdOf(name)}`, headers })).json()
    .entry;

describe('commands on a monorepo pull request', () => {
  it('regenerate drafts every component the pull request touches, each in its own sticky comment', async () => {
    const mocked = mockCommand(['eyes', '+1'], ['web', 'api']);
    scopes.push(
      nock(GITHUB_API)
        .get(`${REPO_PATH}/pulls/${NUMBER}`)
        .reply(200, pullRequest(sha('1'))),
      mockComponentCommits(sha('1'), WEB_PATHS),
      mockComponentCommits(sha('1'), API_PATHS),
    );
    await run('/shiplog regenerate', mocked);
    expect(stickies.web).toContain('📝 Changelog draft (`web`)');
    expect(stickies.api).toContain('📝 Changelog draft (`api`)');
    expect(stickies.api).toContain(
      'put the component first (`/shiplog api publish`) to act on this one only',
    );
    expect(await entry('web')).toMatchObject({ component: 'web', status: 'draft' });
    expect((await entry('web')).body).toMatch(/dark mode/i);
    expect((await entry('api')).body).not.toMatch(/dark mode/i);
    expect((await entry('api')).body).toMatch(/UTC/);
  });

  it('edit replaces the body of every entry; web title then changes web only', async () => {
    await run('/shiplog edit\n\nRewritten by a person.', mockCommand(['eyes', '+1'], ['web', 'api']));
    expect((await entry('web')).body).toBe('Rewritten by a person.');
    expect((await entry('api')).body).toBe('Rewritten by a person.');
    expect(stickies.api).toContain('Edited by @maintainer.');

    await run('/shiplog web title Dark mode', mockCommand(['eyes', '+1'], ['web']));
    expect((await entry('web')).title).toBe('Dark mode');
    expect((await entry('api')).title).not.toBe('Dark mode');
  });

  it("a push lists under each edited entry only its component's changes since the edit", async () => {
    const written: Record<string, string> = {};
    const record = (name: string) => (b: { body: string }) => ((written[name] = b.body), true);
    scopes.push(
      mockRepoConfig(COMPONENTS_YML),
      readsStickies(nock(GITHUB_API))
        .patch(`${REPO_PATH}/issues/comments/801`, record('web'))
        .reply(200, {})
        .patch(`${REPO_PATH}/issues/comments/802`, record('api'))
        .reply(200, {})
        // The head the entries were drafted at (1111…) touches web only: api reads the whole line.
        .get(`${REPO_PATH}/pulls/${NUMBER}/commits`)
        .query(true)
        .reply(200, compareCommits(PUSHED)),
      mockComponentCommits(sha('4'), WEB_PATHS),
      mockComponentCommits(sha('4'), API_PATHS),
    );
    const push = pullRequestEvent('synchronize', (pr) => Object.assign(pr, pullRequest(sha('4'))));
    await receive('pull_request', push);
    expect(written.web).toContain('**1 change since your edit**');
    expect(written.web).toContain('Keyboard shortcuts (`3333333`)');
    expect(written.api).toContain('**1 change since your edit**');
    expect(written.api).toContain('Answer 404 for an empty id (`4444444`)');
    expect(written.api).not.toContain('Parse dates in UTC (`2222222`)');
    expect((await entry('api')).body).toBe('Rewritten by a person.');
    Object.assign(stickies, written);
  });

  it("add appends to each edited entry the changes pushed since, under that component's paths", async () => {
    const mocked = mockCommand(['eyes', '+1'], ['web', 'api']);
    scopes.push(
      nock(GITHUB_API)
        .get(`${REPO_PATH}/pulls/${NUMBER}`)
        .reply(200, pullRequest(sha('4'))),
      mockComponentCommits(sha('4'), WEB_PATHS),
      mockComponentCommits(sha('4'), API_PATHS),
      // The head the entries were drafted at (1111…) touches web only: api reads the whole line.
      nock(GITHUB_API)
        .get(`${REPO_PATH}/pulls/${NUMBER}/commits`)
        .query(true)
        .reply(200, compareCommits(PUSHED)),
    );
    await run('/shiplog add', mocked);
    expect((await entry('web')).body).toBe('Rewritten by a person.\n\n- Keyboard shortcuts\n');
    expect((await entry('api')).body).toBe('Rewritten by a person.\n\n- Answer 404 for an empty id\n');
    expect(stickies.web).toContain('1 change added by @maintainer.');
    expect(stickies.api).toContain(`<!-- shiplog:head ${sha('4')} -->`);
  });

  it('a component the pull request does not touch is refused, and nothing runs', async () => {
    const { answer } = await run('/shiplog cli publish', mockCommand(['eyes', 'confused'], [], true));
    expect(answer.body).toContain('`cli` is not a component this pull request touches');
    expect(answer.body).toContain('`web`, `api`');
    expect((await entry('web')).status).toBe('draft');
  });

  it('api skip skips api only; publish then publishes the rest and leaves the skipped one be', async () => {
    const apiId = entryIdOf('api')!;
    await run('/shiplog api skip', mockCommand(['eyes', '+1'], ['api']));
    expect(stickies.api).toContain('<!-- shiplog:skipped -->');
    expect(stickies.api).toContain('<!-- shiplog:component api -->');
    const gone = await server.app.inject({ method: 'GET', url: `/api/v1/entries/${apiId}`, headers });
    expect(gone.statusCode).toBe(404);

    await run('/shiplog publish', mockCommand(['eyes', '+1'], ['web']));
    expect((await entry('web')).status).toBe('published');
    expect(stickies.web).toContain('Published by @maintainer.');
  });

  it('an entry a command cannot act on is named in a reply; acting on none is refused', async () => {
    // web is published, api skipped: skip re-states api's skip and refuses web's.
    const partial = await run('/shiplog skip', mockCommand(['eyes', '+1'], ['api'], true));
    expect(partial.answer.body).toBe(
      '@maintainer done, except for `web`: The entry is already published; unpublish it in Shiplog first.',
    );
    const none = await run('/shiplog web skip', mockCommand(['eyes', 'confused'], [], true));
    expect(none.answer.body).toContain('already published');
    expect((await entry('web')).status).toBe('published');
  });
});
