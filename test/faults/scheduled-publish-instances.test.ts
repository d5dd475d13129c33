/**
 * A scheduled publish runs once across servers and restarts (docs/api.md#entries,
 * scheduling): two instances working jobs on one PostgreSQL publish and dispatch the entry once, and a
 * schedule made while no instance runs is published by the next one to start. PostgreSQL only: the
 * embedded database belongs to one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServer } from '../../server/open-server.ts';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { createEntry } from '../helpers/create-entry.ts';

describe.runIf(process.env.DATABASE_URL)('scheduled publishing across instances (PostgreSQL)', () => {
  let a: TestServer;
  let headers: Record<string, string>;
  const others: (() => Promise<void>)[] = [];

  /** Another instance on A's database, working jobs. */
  async function instance(): Promise<() => Promise<void>> {
    const opened = await openServer(a.config, { adminSocket: false, poolSize: 4 });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await opened.close();
    };
    others.push(close);
    return close;
  }

  beforeAll(async () => {
    a = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
    ({ headers } = await a.project('pro'));
  });
  afterAll(async () => {
    for (const close of others) await close();
    await a.close();
  });

  const schedule = (id: string, seconds: number) =>
    a.app.inject({
      method: 'POST',
      url: `/api/v1/entries/${id}/publish`,
      headers,
      payload: { at: new Date(Date.now() + seconds * 1000).toISOString() },
    });
  const statusOf = async (id: string) =>
    (await a.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry.status as string;
  const dispatches = async (id: string) =>
    (
      await a.db.sql<{ n: number }[]>`
        select count(*)::int as n from pgboss.job where name = 'entry-published' and data->>'entryId' = ${id}`
    )[0]!.n;
  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await check()).toBe(true);
  }

  it('two servers working jobs publish and dispatch it once', async () => {
    await instance();
    await instance();
    const id = await createEntry(a.app, headers, { title: 'Two servers, one publish' });
    expect((await schedule(id, 1)).statusCode).toBe(200);
    await until(async () => (await statusOf(id)) === 'published');
    // Give a second copy every chance to run: the job's retries back off from 5 s.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await dispatches(id)).toBe(1);
  });

  it('survives a restart: scheduled while no instance works jobs, published by the next to start', async () => {
    for (const close of others.splice(0)) await close();
    const id = await createEntry(a.app, headers, { title: 'Across a restart' });
    expect((await schedule(id, 1)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await statusOf(id)).toBe('draft');
    await instance();
    await until(async () => (await statusOf(id)) === 'published');
    expect(await dispatches(id)).toBe(1);
  });
});
