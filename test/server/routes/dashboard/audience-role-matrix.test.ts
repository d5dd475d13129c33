/**
 * The role matrix of the audience pages (docs/api.md#audit-log: Subscribers, Channels, Analytics,
 * GitHub and the audit log) over HTTP, in the style of role-matrix.test.ts: each role (owner,
 * publisher, contributor, a signed-in user who is not a member) and the project's API key (a
 * publisher) tries each operation through the routes the dashboard calls (/api/v1 with the session and
 * `Shiplog-Project`; /api/dashboard for the rest, where a key is no credential). Every cell is an HTTP status.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addInstallationRepositories,
  upsertInstallation,
} from '../../../../server/db/github-installations.ts';
import { useTestServer } from '../../../helpers/build-server.ts';
import { matrixAnswers, type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

type Who = 'owner' | 'publisher' | 'contributor' | 'non-member' | 'key';
const WHO: Who[] = ['owner', 'publisher', 'contributor', 'non-member', 'key'];

const {
  server,
  headers: keyHeaders,
  owner: made,
} = useTestServer(
  { SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true', SHIPLOG_API_RATE_LIMIT: '10000' },
  { workers: false },
);
let users: Record<Exclude<Who, 'key'>, SignedInUser>;
let counter = 0;
/** One channel for the calls that leave it in place (a project has at most 20). */
let shared: string;

beforeAll(async () => {
  const project = made.project;
  const elsewhere = (await server.project('pro')).project;
  users = {
    owner: await signedInUser(server, [{ projectId: project.id, role: 'owner' }]),
    publisher: await signedInUser(server, [{ projectId: project.id, role: 'publisher' }]),
    contributor: await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]),
    'non-member': await signedInUser(server, [{ projectId: elsewhere.id, role: 'owner' }]),
  };
  await upsertInstallation(server.db.sql, {
    id: 1,
    account: 'acme',
    accountType: 'Organization',
    suspended: false,
  });
  await addInstallationRepositories(server.db.sql, 1, [{ repository: 'acme/app', private: false }]);
  shared = await channel();
});

function call(who: Who, method: string, url: string, payload?: object) {
  const headers =
    who === 'key' ? keyHeaders : { ...users[who].headers, 'shiplog-project': made.project.slug };
  return server.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
}
const status = async (who: Who, method: string, url: string, payload?: object) =>
  (await call(who, method, url, payload)).statusCode;

/** Fixtures made directly, so that each cell's call has its own. */
async function subscriber(): Promise<string> {
  const id = `sub_matrix${++counter}`;
  await server.db.sql`insert into subscribers (id, project_id, email, status, requested_at)
    values (${id}, ${made.project.id}, ${`${id}@example.com`}, 'confirmed', now())`;
  return id;
}
async function channel(): Promise<string> {
  const res = await call('owner', 'POST', '/api/v1/channels', {
    type: 'webhook',
    url: 'http://127.0.0.1:9/hook',
  });
  expect(res.statusCode).toBe(201);
  return res.json().channel.id;
}
async function failedDelivery(channelId: string): Promise<string> {
  const id = `msg_matrix${++counter}`;
  await server.db.sql`insert into channel_deliveries (id, channel_id, entry_id, event_type, status, attempts)
    values (${id}, ${channelId}, null, 'ping', 'failed', 1)`;
  return id;
}
const dashboard = `/api/dashboard/projects/`;

const ACTIONS: Record<string, (who: Who) => Promise<number>> = {
  'subscriber counts': (who) => status(who, 'GET', '/api/v1/subscribers/counts'),
  'list subscribers': (who) => status(who, 'GET', '/api/v1/subscribers?q=matrix'),
  'export subscribers': (who) => status(who, 'GET', '/api/v1/subscribers/export'),
  'download subscribers': (who) => status(who, 'GET', `${dashboard}${made.project.slug}/subscribers.csv`),
  'remove subscriber': async (who) => status(who, 'DELETE', `/api/v1/subscribers/${await subscriber()}`),
  'analytics per day': (who) => status(who, 'GET', '/api/v1/analytics/daily?days=7'),
  'analytics per entry': (who) => status(who, 'GET', '/api/v1/analytics/entries?days=90'),
  'subscribers over time': (who) => status(who, 'GET', '/api/v1/analytics/subscribers'),
  'add channel': (who) =>
    status(who, 'POST', '/api/v1/channels', { type: 'webhook', url: 'http://127.0.0.1:9/other' }),
  'list channels': (who) => status(who, 'GET', '/api/v1/channels'),
  'delivery log': (who) => status(who, 'GET', `/api/v1/channels/${shared}/deliveries`),
  'send test': (who) => status(who, 'POST', `/api/v1/channels/${shared}/test`),
  retry: async (who) =>
    status(who, 'POST', `/api/v1/channels/${shared}/deliveries/${await failedDelivery(shared)}/retry`),
  disable: async (who) => {
    const answer = await status(who, 'PATCH', `/api/v1/channels/${shared}`, { enabled: false });
    await call('owner', 'PATCH', `/api/v1/channels/${shared}`, { enabled: true });
    return answer;
  },
  'delete channel': async (who) => status(who, 'DELETE', `/api/v1/channels/${await channel()}`),
  'audit log': (who) => status(who, 'GET', `${dashboard}${made.project.slug}/audit`),
  'GitHub page': (who) => status(who, 'GET', `${dashboard}${made.project.slug}/github`),
  'link and unlink': async (who) => {
    const linked = await status(who, 'POST', `${dashboard}${made.project.slug}/github/links`, {
      repository: 'acme/app',
    });
    const unlinked = await status(who, 'DELETE', `${dashboard}${made.project.slug}/github/links/acme/app`);
    return linked === 204 && unlinked === 204 ? 204 : Math.max(linked, unlinked);
  },
};

const all = (n: number) => ({ owner: n, publisher: n, contributor: n, 'non-member': 403, key: n });
const publishers = (n: number) => ({ owner: n, publisher: n, contributor: 403, 'non-member': 403, key: n });
/** /api/dashboard takes no key: a key-only call there is signed out. */
const dashboardPublishers = (n: number) => ({ ...publishers(n), key: 401 });

const EXPECTED: Record<string, Record<Who, number>> = {
  'subscriber counts': all(200),
  'list subscribers': publishers(200),
  'export subscribers': publishers(200),
  'download subscribers': dashboardPublishers(200),
  'remove subscriber': publishers(204),
  'analytics per day': all(200),
  'analytics per entry': all(200),
  'subscribers over time': all(200),
  'add channel': publishers(201),
  'list channels': publishers(200),
  'delivery log': publishers(200),
  'send test': publishers(202),
  retry: publishers(202),
  disable: publishers(200),
  'delete channel': publishers(204),
  'audit log': { owner: 200, publisher: 403, contributor: 403, 'non-member': 403, key: 401 },
  'GitHub page': dashboardPublishers(200),
  // A change there without the dashboard's Origin is refused before any credential is looked at.
  'link and unlink': { ...publishers(204), key: 403 },
};

describe('audience role × operation', () => {
  it('answers every cell as the contract says', async () => {
    expect(await matrixAnswers(ACTIONS, WHO)).toEqual(EXPECTED);
  });

  it('each change is in the audit log under who made it, the key included', async () => {
    const events: { action: string; actor: { type: string; label: string } }[] = (
      await call('owner', 'GET', `${dashboard}${made.project.slug}/audit?limit=100`)
    ).json().events;
    const seen = new Set(events.map((e) => `${e.action} ${e.actor.type === 'key' ? 'key' : e.actor.label}`));
    for (const action of [
      'subscriber.removed',
      'channel.created',
      'channel.tested',
      'delivery.retried',
      'channel.disabled',
      'channel.deleted',
      'github.linked',
      'github.unlinked',
    ]) {
      expect(seen, action).toContain(`${action} ${users.publisher.email}`);
    }
    expect(seen).toContain('subscriber.removed key');
    expect(events.some((e) => e.actor.label === users.contributor.email)).toBe(false);
  });
});
