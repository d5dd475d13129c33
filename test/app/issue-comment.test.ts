/**
 * `/shiplog` commands through `probot.receive` (docs/github-app.md#github-app): the permission matrix
 * (read, triage, write, maintain, admin, a bot, the pull request's author without write access, whose
 * `author_association` says OWNER) × comment variants (exact, quoted, fenced, indented, trailing text,
 * look-alike slash, zero-width, edited), then every command against the pull request's real entry.
 */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkRepository } from '../../server/services/github/manage-links.ts';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import {
  appComment,
  appEnv,
  GITHUB_API,
  mockAppAuth,
  mockRepoConfig,
  QuietOctokit,
  REPO_PATH,
} from '../helpers/github-app.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

let server: TestServer;
let headers: Record<string, string>;
let auth: nock.Scope;
let delivery = 0;
let stickyBody = '';
let entryId = '';
const unmatched: string[] = [];
const onNoMatch = (req: { method?: string; path?: string }) => unmatched.push(`${req.method} ${req.path}`);

beforeAll(async () => {
  nock.disableNetConnect();
  nock.emitter.on('no match', onNoMatch);
  server = await buildTestServer(appEnv(), { workers: false, githubOctokit: QuietOctokit });
  const created = await server.project('pro');
  headers = created.headers;
  await linkRepository(server.db.sql, 'codertocat/hello-world', created.project.slug);
  auth = mockAppAuth();
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries/generate',
    headers,
    payload: {
      commits: ['feat: search as you type', 'fix: crash on empty query'],
      repository: 'Codertocat/Hello-World',
      source: { pullRequest: 1, headSha: 'a'.repeat(40) },
    },
  });
  entryId = res.json().entry.id;
  stickyBody = `<!-- shiplog:draft -->\n<!-- shiplog:entry ${entryId} -->\n### 📝 Changelog draft\n`;
});
afterAll(async () => {
  expect(auth.pendingMocks()).toEqual([]);
  nock.emitter.removeListener('no match', onNoMatch);
  nock.cleanAll();
  nock.enableNetConnect();
  await server.close();
});
let scopes: nock.Scope[] = [];
afterEach(() => {
  for (const scope of scopes) expect(scope.pendingMocks()).toEqual([]);
  scopes = [];
  expect(unmatched).toEqual([]);
});

type Commenter = { login: string; type: 'User' | 'Bot'; association?: string };

function comment(body: string, who: Commenter, action = 'created') {
  const payload = webhookExample('issue_comment', 'created');
  payload.action = action;
  payload.installation = { id: 1 };
  payload.issue.number = 1;
  payload.issue.pull_request = { url: `https://api.github.com${REPO_PATH}/pulls/1` };
  payload.comment.id = 9000 + delivery;
  payload.comment.body = body;
  payload.comment.user = { ...payload.comment.user, login: who.login, type: who.type };
  payload.comment.author_association = who.association ?? 'CONTRIBUTOR';
  payload.sender = { ...payload.sender, login: who.login, type: who.type };
  return payload;
}
const receive = (payload: object) =>
  server.app.shiplog.github!.receive({ id: `c${++delivery}`, name: 'issue_comment', payload } as never);

const ROLES: Record<string, { permission: string; role_name: string }> = {
  read: { permission: 'read', role_name: 'read' },
  triage: { permission: 'read', role_name: 'triage' },
  write: { permission: 'write', role_name: 'write' },
  maintain: { permission: 'write', role_name: 'maintain' },
  admin: { permission: 'admin', role_name: 'admin' },
};

function mockPermission(login: string, role: string) {
  const scope = nock(GITHUB_API)
    .get(`${REPO_PATH}/collaborators/${login}/permission`)
    .reply(200, { ...ROLES[role], user: { login } });
  scopes.push(scope);
}
/** Reactions on the command comment, in order. */
function mockReactions(commentId: number, contents: string[]) {
  const seen: string[] = [];
  const scope = nock(GITHUB_API);
  for (const _ of contents)
    scope
      .post(`${REPO_PATH}/issues/comments/${commentId}/reactions`, (b) => (seen.push(b.content), true))
      .reply(201, {});
  scopes.push(scope);
  return seen;
}
function mockReply() {
  const captured: { body?: string } = {};
  scopes.push(
    nock(GITHUB_API)
      .post(`${REPO_PATH}/issues/1/comments`, (b) => ((captured.body = b.body), true))
      .reply(201, { id: 1 }),
  );
  return captured;
}
function mockStickyUpdate() {
  const captured: { body?: string } = {};
  scopes.push(
    nock(GITHUB_API)
      .get(`${REPO_PATH}/issues/1/comments`)
      .query(true)
      .reply(200, [appComment(700, stickyBody)])
      .patch(`${REPO_PATH}/issues/comments/700`, (b) => ((captured.body = b.body), true))
      .reply(200, { id: 700 }),
  );
  return captured;
}
const entry = async () =>
  (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${entryId}`, headers })).json().entry;

const VARIANTS: Record<string, { body: string; action?: string }> = {
  quoted: { body: '> /shiplog skip' },
  fenced: { body: '```\n/shiplog skip\n```' },
  indented: { body: '    /shiplog skip' },
  'trailing text': { body: '/shiplog skip because it is internal' },
  'look-alike slash': { body: '／shiplog skip' },
  'zero-width': { body: '/ship\u200blog skip' },
  edited: { body: '/shiplog skip', action: 'edited' },
};
const PEOPLE: Record<string, Commenter> = {
  read: { login: 'reader', type: 'User' },
  triage: { login: 'triager', type: 'User' },
  write: { login: 'writer', type: 'User' },
  maintain: { login: 'maintainer', type: 'User' },
  admin: { login: 'admin', type: 'User' },
  'the author without write': { login: 'Codertocat', type: 'User', association: 'OWNER' },
  bot: { login: 'dependabot[bot]', type: 'Bot' },
};

describe('who may run a command, and what counts as one', () => {
  for (const [variant, { body, action }] of Object.entries(VARIANTS)) {
    it(`${variant}: runs nothing for anyone, and asks GitHub nothing`, async () => {
      for (const who of Object.values(PEOPLE)) await receive(comment(body, who, action));
      expect((await entry()).status).toBe('draft');
    });
  }

  it('a bot, even with an exact command, is ignored', async () => {
    await receive(comment('/shiplog skip', PEOPLE.bot!));
    expect((await entry()).status).toBe('draft');
  });

  for (const role of ['read', 'triage', 'the author without write']) {
    it(`${role}: one polite reply, no reaction, nothing runs (author_association is never asked)`, async () => {
      const who = PEOPLE[role]!;
      mockPermission(who.login, role === 'the author without write' ? 'read' : role);
      const reply = mockReply();
      await receive(comment('/shiplog publish', who));
      expect(reply.body).toContain(`@${who.login}`);
      expect(reply.body).toContain('write access');
      expect((await entry()).status).toBe('draft');
    });
  }

  for (const role of ['write', 'maintain', 'admin']) {
    it(`${role}: 👀, the command runs, 👍, the sticky comment shows the result`, async () => {
      const who = PEOPLE[role]!;
      mockPermission(who.login, role);
      scopes.push(mockRepoConfig(null));
      const reactions = mockReactions(9000 + delivery, ['eyes', '+1']);
      const sticky = mockStickyUpdate();
      await receive(comment('/shiplog title Search as you type', who));
      expect(reactions).toEqual(['eyes', '+1']);
      expect(sticky.body).toContain('Search as you type');
      expect(sticky.body).toContain(`Edited by @${who.login}`);
      expect((await entry()).title).toBe('Search as you type');
    });
  }
});

describe('every command', () => {
  const writer = PEOPLE.write!;
  const run = async (body: string, reactions: string[]) => {
    mockPermission(writer.login, 'write');
    scopes.push(mockRepoConfig(null));
    const seen = mockReactions(9000 + delivery, reactions);
    await receive(comment(body, writer));
    expect(seen).toEqual(reactions);
  };

  it('category, visibility and edit change the entry and lock it against re-drafting', async () => {
    mockStickyUpdate();
    await run('/shiplog category fix', ['eyes', '+1']);
    mockStickyUpdate();
    await run('/shiplog visibility internal', ['eyes', '+1']);
    const sticky = mockStickyUpdate();
    await run('/shiplog edit\n\nSearch now updates **as you type**.', ['eyes', '+1']);
    const stored = await entry();
    expect(stored).toMatchObject({
      category: 'fix',
      visibility: 'internal',
      body: 'Search now updates **as you type**.',
    });
    expect(stored.editedAt).not.toBeNull();
    expect(sticky.body).toContain('Search now updates **as you type**.');
    expect(sticky.body).toContain('🔒');
  });

  it('a bad value: 😕 and a reply saying what is valid; nothing changes', async () => {
    const reply = mockReply();
    await run('/shiplog category bugfix', ['eyes', 'confused']);
    expect(reply.body).toContain('feature, improvement, fix, announcement');
    expect((await entry()).category).toBe('fix');
  });

  it('regenerate re-drafts an edited entry from the commits', async () => {
    const pr = webhookExample('pull_request', 'opened', (e) => Boolean(e.installation)).pull_request;
    pr.number = 1;
    pr.head.sha = 'd'.repeat(40);
    scopes.push(
      nock(GITHUB_API)
        .get(`${REPO_PATH}/pulls/1`)
        .reply(200, pr)
        .get(`${REPO_PATH}/pulls/1/commits`)
        .query(true)
        .reply(200, [{ sha: 'd'.repeat(40), commit: { message: 'feat: fuzzy matching in search' } }])
        .get(`${REPO_PATH}/pulls/1/files`)
        .query(true)
        .reply(200, [{ filename: 'src/search.ts', status: 'modified', additions: 30, deletions: 4 }]),
    );
    const sticky = mockStickyUpdate();
    await run('/shiplog regenerate', ['eyes', '+1']);
    const stored = await entry();
    // The pull request's files go with its title and description, the first message drafted.
    const [changes] = await server.db.sql<{ changes: { commitDetails?: unknown[] } }[]>`
      select changes from entry_changes where entry_id = ${entryId}`;
    expect(changes!.changes.commitDetails).toEqual([
      { index: 0, files: ['src/search.ts'], additions: 30, deletions: 4 },
    ]);
    expect(stored.editedAt).toBeNull();
    expect(stored.body).toMatch(/fuzzy matching/i);
    expect(stored.source.headSha).toBe('d'.repeat(40));
    expect(sticky.body).toContain('Drafted again by @writer');
  });

  it('publish publishes and links the entry; skip then refuses a published entry', async () => {
    await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${entryId}`,
      headers,
      payload: { visibility: 'external' },
    });
    const sticky = mockStickyUpdate();
    await run('/shiplog publish', ['eyes', '+1']);
    const stored = await entry();
    expect(stored.status).toBe('published');
    expect(sticky.body).toContain(`(${stored.url})`);

    scopes.push(
      nock(GITHUB_API)
        .get(`${REPO_PATH}/issues/1/comments`)
        .query(true)
        .reply(200, [appComment(700, stickyBody)]),
    );
    const reply = mockReply();
    await run('/shiplog skip', ['eyes', 'confused']);
    expect(reply.body).toContain('already published');
  });

  it('skip deletes a draft and remembers: later pushes draft nothing', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: { commits: ['feat: x'], repository: 'codertocat/hello-world', source: { pullRequest: 1 } },
    });
    expect(res.json().draft).toBeNull(); // the published entry of #1 is kept
    // A second pull request's draft, then skipped.
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: { commits: ['feat: y'], repository: 'codertocat/hello-world', source: { pullRequest: 2 } },
    });
    const otherId = other.json().entry.id;
    const payload = comment('/shiplog skip', writer);
    payload.issue.number = 2;
    mockPermission(writer.login, 'write');
    scopes.push(mockRepoConfig(null));
    const seen = mockReactions(payload.comment.id, ['eyes', '+1']);
    const written: { body?: string } = {};
    scopes.push(
      nock(GITHUB_API)
        .get(`${REPO_PATH}/issues/2/comments`)
        .query(true)
        .reply(200, [appComment(701, `<!-- shiplog:draft -->\n<!-- shiplog:entry ${otherId} -->\n`)])
        .patch(`${REPO_PATH}/issues/comments/701`, (b) => ((written.body = b.body), true))
        .reply(200, {}),
    );
    await receive(payload);
    expect(seen).toEqual(['eyes', '+1']);
    expect(written.body).toContain('<!-- shiplog:skipped -->');
    const gone = await server.app.inject({ method: 'GET', url: `/api/v1/entries/${otherId}`, headers });
    expect(gone.statusCode).toBe(404);

    // A push to the skipped pull request: the app reads its comment and stops.
    const push = webhookExample('pull_request', 'synchronize', (e) => Boolean(e.installation));
    push.pull_request.number = 2;
    push.number = 2;
    push.pull_request.state = 'open';
    scopes.push(
      mockRepoConfig(null),
      nock(GITHUB_API)
        .get(`${REPO_PATH}/issues/2/comments`)
        .query(true)
        .reply(200, [appComment(701, written.body!)]),
    );
    await server.app.shiplog.github!.receive({
      id: `c${++delivery}`,
      name: 'pull_request',
      payload: push,
    } as never);
  });
});
