import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../../server/errors/errors.ts';
import errorsPlugin from '../../../server/errors/error-handler.ts';
import { idempotency } from '../../../server/plugins/idempotency.ts';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
});
afterAll(() => server.close());

const create = (headers: Record<string, string>, key: string, payload: object) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/entries',
    headers: { ...headers, 'idempotency-key': key },
    payload,
  });

async function countEntries(projectId: string): Promise<number> {
  const [row] = await server.db.sql<
    { n: number }[]
  >`select count(*)::int as n from entries where project_id = ${projectId}`;
  return row!.n;
}

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, creating nothing twice', async () => {
    const { project, headers } = await server.project();
    const first = await create(headers, 'release-1.4.0', {
      title: 'Release 1.4.0',
      body: 'x',
      publish: true,
    });
    const second = await create(headers, 'release-1.4.0', {
      title: 'Release 1.4.0',
      body: 'x',
      publish: true,
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body).toBe(first.body);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await countEntries(project.id)).toBe(1);
  });

  it('422 idempotency_key_reused for the same key with another body', async () => {
    const { project, headers } = await server.project();
    await create(headers, 'k1', { title: 'One', body: 'x' });
    const res = await create(headers, 'k1', { title: 'Two', body: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('idempotency_key_reused');
    expect(await countEntries(project.id)).toBe(1);
  });

  it('scopes keys to the project', async () => {
    const a = await server.project();
    const b = await server.project();
    expect((await create(a.headers, 'shared', { title: 'A', body: 'x' })).statusCode).toBe(201);
    const res = await create(b.headers, 'shared', { title: 'B', body: 'x' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('20 concurrent identical creates with one key make exactly one entry', async () => {
    const { project, headers } = await server.project();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => create(headers, 'burst', { title: 'Burst', body: 'x' })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('conflict');
    const ids = new Set(results.filter((r) => r.statusCode === 201).map((r) => r.json().entry.id));
    expect(ids.size).toBe(1);
    expect(await countEntries(project.id)).toBe(1);
    // Once the first has finished, the key replays.
    const after = await create(headers, 'burst', { title: 'Burst', body: 'x' });
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
  });

  it('stores 4xx outcomes (a replayed 404 stays a 404)', async () => {
    const { headers } = await server.project();
    const url = '/api/v1/entries/ent_missing/publish';
    const first = await server.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'idempotency-key': 'p' },
    });
    const second = await server.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'idempotency-key': 'p' },
    });
    expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('does not store a 5xx: the key is released and a retry runs again', async () => {
    const { project, headers } = await server.project();
    // Make the next insert fail inside the database, as an outage would.
    await server.db.sql.unsafe(`
      create function reject_entries() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
      create trigger reject_entries before insert on entries for each row
        when (new.project_id = '${project.id}') execute function reject_entries();`);
    const failed = await create(headers, 'retry-me', { title: 'Retry', body: 'x' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({
      code: 'internal',
      status: 500,
      detail: 'An unexpected error occurred',
    });
    expect(failed.body).not.toMatch(/disk full|entries|trigger|\.ts/);
    await server.db.sql.unsafe('drop trigger reject_entries on entries; drop function reject_entries();');

    const retried = await create(headers, 'retry-me', { title: 'Retry', body: 'x' });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await countEntries(project.id)).toBe(1);
  });

  it('rejects a key longer than 255 characters', async () => {
    const { headers } = await server.project();
    const res = await create(headers, 'k'.repeat(256), { title: 'x', body: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/headers/idempotency-key');
  });

  it('lets an expired key (over 24 h) run again', async () => {
    const { project, headers } = await server.project();
    await create(headers, 'old', { title: 'Old', body: 'x' });
    await server.db
      .sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'old'`;
    const res = await create(headers, 'old', { title: 'Other body is fine now', body: 'x' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await countEntries(project.id)).toBe(2);
  });

  it('cannot be registered before API-key authentication (a declared dependency, checked at start)', async () => {
    const app = Fastify();
    await expect(app.register(idempotency, { sql: server.db.sql }).ready()).rejects.toThrow(
      /dependency 'shiplog-api-key-auth'/,
    );
    await app.close();
  });

  it('does not store a 429 produced after the key was claimed: a retry runs again', async () => {
    // No route of the API answers 429 after the claim today (the limiters run before it), so the
    // plugin is driven here in an app of its own whose handler is rate-limited once.
    const { project } = await server.project();
    const app = Fastify();
    await app.register(errorsPlugin);
    // A stand-in for the API-key plugin: the dependency idempotency declares, by its name.
    await app.register(
      fp(
        async (scope) => {
          scope.decorateRequest('auth', null);
          scope.addHook('onRequest', async (request) => {
            request.auth = { project, role: 'publisher', keyId: 'key_test', userId: null };
          });
        },
        { name: 'shiplog-api-key-auth' },
      ),
    );
    await app.register(idempotency, { sql: server.db.sql });
    let calls = 0;
    app.post('/thing', async (_request, reply) => {
      if (++calls === 1) throw new RateLimitedError(1, {});
      return reply.code(201).send({ calls });
    });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/thing',
        headers: { 'idempotency-key': 'limited-once' },
        payload: {},
      });
    try {
      expect((await send()).statusCode).toBe(429);
      const retry = await send();
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(retry.json()).toEqual({ calls: 2 });
      // The success is stored and replayed from now on.
      const replay = await send();
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(calls).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('commits the stored response in the same transaction as the entry it describes', async () => {
    const { project, headers } = await server.project();
    // A check that runs when the entry's transaction commits: the key's response must be stored by
    // then. Stored after the commit (as a crash could prevent), the insert fails here.
    await server.db.sql`
      create or replace function shiplog_test_response_stored() returns trigger language plpgsql as $$
      begin
        if not exists (select 1 from idempotency_keys where project_id = new.project_id and state = 'done') then
          raise exception 'the idempotency response did not commit with the entry';
        end if;
        return null;
      end $$`;
    await server.db.sql.unsafe(`
      create constraint trigger shiplog_test_response_stored after insert on entries
      deferrable initially deferred for each row when (new.project_id = '${project.id}')
      execute function shiplog_test_response_stored()`);
    try {
      const created = await create(headers, 'atomic-create', { title: 'Atomic', body: 'x', publish: true });
      expect(created.statusCode).toBe(201);
      const generated = await server.app.inject({
        method: 'POST',
        url: '/api/v1/entries/generate',
        headers: { ...headers, 'idempotency-key': 'atomic-generate' },
        payload: { commits: ['feat: atomic drafts'] },
      });
      expect(generated.statusCode).toBe(201);
      // The replay is the response that committed with the entry, byte for byte.
      const replay = await create(headers, 'atomic-create', { title: 'Atomic', body: 'x', publish: true });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(created.body);
      expect(replay.headers.location).toBe(created.headers.location);
      expect(await countEntries(project.id)).toBe(2);
    } finally {
      await server.db.sql`drop trigger shiplog_test_response_stored on entries`;
    }
  });
});
