/**
 * The audit log (docs/api.md#audit-log: every change made through the dashboard or the API, who,
 * what, when, shown to owners): changes by a signed-in user and by an API key are recorded with the
 * entry or setting they touched, in the change's own transaction (a refused change leaves none), paged
 * newest first, readable by owners only, and purged after a year by a scheduled job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { JOB_HANDLERS } from '../../../../server/jobs/job-handlers.ts';
import { QUEUES } from '../../../../server/queue/queue-settings.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

let server: TestServer;
let project: ProjectRow;
let apiKey: Record<string, string>;
let owner: SignedInUser;
let publisher: SignedInUser;

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
  const made = await server.project('pro');
  project = made.project;
  apiKey = made.headers;
  owner = await signedInUser(server, [{ projectId: project.id, role: 'owner' }]);
  publisher = await signedInUser(server, [{ projectId: project.id, role: 'publisher' }]);
});
afterAll(() => server.close());

const asUser = (user: SignedInUser) => ({ ...user.headers, 'shiplog-project': project.slug });
type AuditEvent = {
  action: string;
  actor: { type: string; id: string; label: string };
  target: { type: string; id: string | null };
  details: Record<string, unknown>;
};
const audit = (user: SignedInUser, query = '') =>
  server.app.inject({ url: `/api/dashboard/projects/${project.slug}/audit${query}`, headers: user.headers });

describe('the audit log', () => {
  it('records who changed what: a user through the session, a key through the API', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: asUser(publisher),
      payload: { title: 'Dark mode', body: 'x' },
    });
    const id = created.json().entry.id;
    await server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers: apiKey });
    const key = await server.app.inject({
      method: 'POST',
      url: `/api/dashboard/projects/${project.slug}/keys`,
      headers: owner.headers,
      payload: { name: 'CI' },
    });
    expect(key.statusCode).toBe(201);

    const res = await audit(owner);
    expect(res.statusCode).toBe(200);
    const events: AuditEvent[] = res.json().events;
    expect(events.slice(0, 3).map((e) => [e.action, e.actor.type, e.actor.label, e.target])).toEqual([
      ['key.created', 'user', owner.email, { type: 'api_key', id: key.json().key.id }],
      ['entry.published', 'key', expect.stringMatching(/^API key ····\w{4}$/), { type: 'entry', id }],
      ['entry.created', 'user', publisher.email, { type: 'entry', id }],
    ]);
    expect(events[2]!.details).toMatchObject({ title: 'Dark mode', status: 'draft' });
    expect(JSON.stringify(events)).not.toContain(key.json().apiKey);
  });

  it('records nothing for a change that did not happen', async () => {
    const before = (await audit(owner)).json().events.length;
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/ent_01jd000000000000000000000/publish',
      headers: asUser(publisher),
    });
    expect(missing.statusCode).toBe(404);
    const refused = await server.app.inject({
      method: 'PATCH',
      url: `/api/dashboard/projects/${project.slug}`,
      headers: owner.headers,
      payload: { accent: 'red' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await audit(owner)).json().events.length).toBe(before);
  });

  it('is for owners only, and is paged newest first', async () => {
    expect((await audit(publisher)).statusCode).toBe(403);
    for (const accent of ['#111111', '#222222', '#333333']) {
      const res = await server.app.inject({
        method: 'PATCH',
        url: `/api/dashboard/projects/${project.slug}`,
        headers: owner.headers,
        payload: { accent },
      });
      expect(res.statusCode).toBe(200);
    }
    const first = await audit(owner, '?limit=2');
    expect(first.json().events.map((e: AuditEvent) => e.details.accent)).toEqual(['#333333', '#222222']);
    expect(first.headers.link).toMatch(/rel="next"/);
    const second = await audit(owner, `?limit=2&cursor=${first.json().nextCursor}`);
    expect(second.json().events[0].details.accent).toBe('#111111');
    const forged = await audit(owner, `?limit=2&cursor=${first.json().nextCursor}x`);
    expect(forged.statusCode).toBe(400);
  });

  it('keeps a year: the daily purge job removes older records', async () => {
    await server.db.sql`
      insert into audit_log (id, project_id, actor_type, actor_id, actor_label, action, target_type, created_at)
      values ('aud_old', ${project.id}, 'user', ${owner.id}, 'x', 'entry.created', 'entry', now() - interval '366 days'),
             ('aud_kept', ${project.id}, 'user', ${owner.id}, 'x', 'entry.created', 'entry', now() - interval '364 days')`;
    const log = { warn: () => {}, error: () => {} };
    const info = { id: 'job', signal: new AbortController().signal };
    await JOB_HANDLERS['audit-purge'](server.app.shiplog, {}, info, log);
    const left = await server.db.sql`select id from audit_log where id in ('aud_old', 'aud_kept')`;
    expect(left.map((r) => r.id)).toEqual(['aud_kept']);
    expect(QUEUES['audit-purge'].schedule).toBe('17 3 * * *');
  });
});
