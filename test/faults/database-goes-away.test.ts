/**
 * While the database cannot be reached, requests answer `503 service_unavailable` with `Retry-After`,
 * never `500 internal`, and answer normally once it is back. The database is taken away for real: the
 * server talks to PostgreSQL through a proxy whose connections are closed and which refuses new ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { startPgProxy, type PgProxy } from '../helpers/pg-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

describe.runIf(process.env.DATABASE_URL)('the database going away (PostgreSQL)', () => {
  let database: TestDatabase;
  let proxy: PgProxy;
  let server: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startPgProxy(database.databaseUrl!);
    server = await buildTestServer({ DATABASE_URL: proxy.url }, { workers: false });
  });
  afterAll(async () => {
    await proxy.restore();
    await server.close();
    await proxy.close();
    await database.drop();
  });

  it('answers 503 with Retry-After while it is unreachable, then recovers', async () => {
    const { headers, project } = await server.project('pro');
    const requests = () => [
      server.app.inject({ url: '/api/v1/entries', headers }),
      server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers,
        payload: { title: 'During the outage', body: 'x' },
      }),
      server.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { project: project.slug, email: 'reader@example.com' },
      }),
      server.app.inject({ url: `/api/v1/subscribers`, headers }),
    ];
    for (const res of await Promise.all(requests())) expect(res.statusCode, res.body).toBeLessThan(300);

    await proxy.cut();
    for (const res of await Promise.all(requests())) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
      expect(res.headers['retry-after']).toBe('5');
    }
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(503);

    await proxy.restore();
    for (const res of await Promise.all(requests())) expect(res.statusCode, res.body).toBeLessThan(300);
  });
});
