/**
 * What follows an entry change reaches every instance sharing the PostgreSQL database: publish and
 * unpublish on one instance show in the other's widget as soon as its notice arrives; publishing an already published
 * entry dispatches nothing; and a widget read that overlaps a change never caches the old state.
 *
 * PostgreSQL only: the embedded database belongs to one process with one connection, so there is no
 * other instance to tell, and a read cannot be held open beside a write.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openServer } from '../../server/open-server.ts';
import { unpublishEntry } from '../../server/services/entries/publish-entry.ts';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { createEntry } from '../helpers/create-entry.ts';

const CHANNEL = 'shiplog_project_changed';

describe.runIf(process.env.DATABASE_URL)('entry changes across instances (PostgreSQL)', () => {
  let a: TestServer;
  let b: FastifyInstance;
  let closeB: () => Promise<void>;
  let listener: postgres.Sql;
  const notices: string[] = [];
  const waiters: (() => void)[] = [];

  beforeAll(async () => {
    a = await buildTestServer();
    const opened = await openServer(a.config, { workers: false, adminSocket: false, poolSize: 4 });
    b = opened.app;
    closeB = opened.close;
    listener = postgres(a.config.databaseUrl!, { max: 1, onnotice: () => {} });
    await listener.listen(CHANNEL, (payload) => {
      notices.push(payload);
      for (const wake of waiters.splice(0)) wake();
    });
  });
  afterAll(async () => {
    await listener.end();
    await closeB();
    await a.close();
  });

  /** Notices for `projectId` up to a sentinel notice sent now: NOTIFYs arrive in commit order. */
  async function noticesUntilNow(projectId: string): Promise<number> {
    const sentinel = `sentinel-${Math.random()}`;
    await a.db.sql`select pg_notify(${CHANNEL}, ${sentinel})`;
    while (!notices.includes(sentinel)) await new Promise<void>((resolve) => waiters.push(resolve));
    const upTo = notices.splice(0, notices.indexOf(sentinel) + 1);
    return upTo.filter((n) => n === projectId).length;
  }

  /**
   * B hears a NOTIFY on its own connection, a moment after our listener may: poll (bounded) until
   * `read` satisfies `check`, and return what it read last.
   */
  async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
    let value = await read();
    for (let i = 0; i < 100 && !check(value); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      value = await read();
    }
    return value;
  }
  const same = (expected: unknown) => (value: unknown) => JSON.stringify(value) === JSON.stringify(expected);

  const titlesOnB = async (slug: string) =>
    (await b.inject(`/api/widget/${slug}`)).json().entries.map((e: { title: string }) => e.title);

  it('publish and unpublish on one instance reach the other, once each', async () => {
    const { project, headers } = await a.project('pro');
    await noticesUntilNow(project.id);
    expect(await titlesOnB(project.slug)).toEqual([]); // B has now cached the empty widget.

    const id = await createEntry(a.app, headers, { title: 'Across', body: 'x' });
    await a.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers });
    expect(await noticesUntilNow(project.id)).toBe(1);
    expect(await eventually(() => titlesOnB(project.slug), same(['Across']))).toEqual(['Across']);

    // Publishing it again is a no-op: no second dispatch.
    const again = await a.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers });
    expect(again.statusCode).toBe(200);
    expect(await noticesUntilNow(project.id)).toBe(0);

    await a.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/unpublish`, headers });
    expect(await noticesUntilNow(project.id)).toBe(1);
    expect(await eventually(() => titlesOnB(project.slug), same([]))).toEqual([]);
  });

  it('an edit, a reaction and a delete on one instance refresh the other instance’s widget', async () => {
    const { project, headers } = await a.project('pro');
    const id = await createEntry(a.app, headers, { title: 'Before', body: 'x', publish: true });
    const widgetOnB = async () => (await b.inject(`/api/widget/${project.slug}`)).json().entries;
    expect((await widgetOnB())[0].title).toBe('Before'); // cached on B
    await noticesUntilNow(project.id);

    await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { title: 'After' },
    });
    expect(await noticesUntilNow(project.id)).toBe(1);
    expect((await eventually(widgetOnB, (e) => e[0]?.title === 'After'))[0].title).toBe('After');

    await a.app.inject({
      method: 'POST',
      url: '/api/reactions',
      payload: { entryId: id, emoji: '🎉', anonymousId: 'across-reader' },
    });
    expect(await noticesUntilNow(project.id)).toBe(1);
    expect((await eventually(widgetOnB, (e) => e[0]?.reactions['🎉'] === 1))[0].reactions['🎉']).toBe(1);

    await a.app.inject({ method: 'DELETE', url: `/api/v1/entries/${id}`, headers });
    expect(await noticesUntilNow(project.id)).toBe(1);
    expect(await eventually(widgetOnB, same([]))).toEqual([]);
  });

  it('never caches a widget read that overlapped a change', async () => {
    const { project, headers } = await a.project('pro');
    const id = await createEntry(a.app, headers, { title: 'Overlapped', body: 'x', publish: true });
    // Hold the reactions table: a widget read gets its project and entries, then waits on reactions.
    const holder = postgres(a.config.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const holding = holder.begin(async (tx) => {
        await tx`lock table reactions in access exclusive mode`;
        await released;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stale = a.app.inject(`/api/widget/${project.slug}`);
      // Wait until that read is blocked on the lock, then unpublish (which writes no reaction).
      for (let i = 0; i < 100; i++) {
        const [row] = await a.db.sql<{ n: number }[]>`
          select count(*)::int as n from pg_locks where relation = 'reactions'::regclass and not granted`;
        if (row!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Through the service, as the route does it, but without the route's answer: that answer
      // carries the entry's reaction counts, and reading them would wait on the lock held here.
      await unpublishEntry(a.app.shiplog, project.id, id);
      release();
      await holding;
      expect((await stale).json().entries.map((e: { title: string }) => e.title)).toEqual(['Overlapped']);
      // The read began before the change: what it saw must not be served from the cache.
      expect((await a.app.inject(`/api/widget/${project.slug}`)).json().entries).toEqual([]);
    } finally {
      await holder.end();
    }
  });
});
