/**
 * Scheduling (docs/api.md#entries): `publish {"at"}` keeps a draft with `scheduledFor`, a
 * durable job publishes it at that time and dispatches it once; cancel, a new time, editing, `publishAt`
 * on create and generate, `status=scheduled`, and the bad cases. A job that runs again (or a second
 * one for the same time) publishes nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { publishScheduled } from '../../../../server/services/entries/schedule-entry.ts';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { waitUntil } from '../../../helpers/wait-until.ts';

const { server, headers } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const post = (url: string, payload?: object) =>
  server.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = async (id: string) =>
  (await server.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry;

/** `entry-published` jobs made for `entryId`: one per dispatch. */
async function dispatches(entryId: string): Promise<number> {
  const [row] = await server.db.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'entry-published' and data->>'entryId' = ${entryId}`;
  return row!.n;
}

describe('scheduled publishing', () => {
  it('keeps the entry a draft with scheduledFor, lists it as scheduled, and publishes it on time, once', async () => {
    const id = await createEntry(server.app, headers, { title: 'Dark mode', version: '1.4.0' });
    const at = inSeconds(2);
    const res = await post(`/api/v1/entries/${id}/publish`, { at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entry).toMatchObject({ status: 'draft', scheduledFor: at, publishedAt: null });
    const scheduled = (await server.app.inject({ url: '/api/v1/entries?status=scheduled', headers })).json();
    expect(scheduled.entries.map((e: { id: string }) => e.id)).toContain(id);
    // Editing keeps the schedule.
    const edited = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { body: 'Toggle it in **Settings**.' },
    });
    expect(edited.json().entry.scheduledFor).toBe(at);

    await waitUntil('the job published it', async () => (await get(id)).status === 'published', 20_000, 100);
    const published = await get(id);
    expect(published.scheduledFor).toBeNull();
    expect(new Date(published.publishedAt).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect(await dispatches(id)).toBe(1);
    // The job again (a retry, or a second server's copy): nothing more.
    await publishScheduled(server.app.shiplog, { entryId: id, at });
    expect(await dispatches(id)).toBe(1);
  });

  it('cancels: the job then does nothing, and a new time replaces the old one', async () => {
    const id = await createEntry(server.app, headers, { title: 'Cancelled' });
    const first = inSeconds(1);
    expect((await post(`/api/v1/entries/${id}/publish`, { at: first })).statusCode).toBe(200);
    const cancel = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/entries/${id}/schedule`,
      headers,
    });
    expect(cancel.statusCode).toBe(204);
    expect((await get(id)).scheduledFor).toBeNull();
    await publishScheduled(server.app.shiplog, { entryId: id, at: first });
    expect((await get(id)).status).toBe('draft');

    const later = inSeconds(60);
    expect((await post(`/api/v1/entries/${id}/publish`, { at: inSeconds(30) })).statusCode).toBe(200);
    expect((await post(`/api/v1/entries/${id}/publish`, { at: later })).statusCode).toBe(200);
    await publishScheduled(server.app.shiplog, { entryId: id, at: inSeconds(30) });
    expect(await get(id)).toMatchObject({ status: 'draft', scheduledFor: later });
    await publishScheduled(server.app.shiplog, { entryId: id, at: later });
    expect((await get(id)).status).toBe('published');
    expect(await dispatches(id)).toBe(1);
  });

  it('takes publishAt on create and generate', async () => {
    const at = inSeconds(3600);
    const created = await post('/api/v1/entries', { title: 'Later', body: 'x', publishAt: at });
    expect(created.statusCode, created.body).toBe(201);
    expect(await get(created.json().entry.id)).toMatchObject({ status: 'draft', scheduledFor: at });
    const generated = await post('/api/v1/entries/generate', {
      commits: ['feat: export to CSV'],
      publishAt: at,
    });
    expect(generated.statusCode, generated.body).toBe(201);
    expect(await get(generated.json().entry.id)).toMatchObject({ status: 'draft', scheduledFor: at });
  });

  it('refuses a time in the past, publish with publishAt, and a published entry; 404 for an unknown id', async () => {
    const id = await createEntry(server.app, headers, { title: 'Too late' });
    const past = await post(`/api/v1/entries/${id}/publish`, { at: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].pointer).toBe('/at');
    const both = await post('/api/v1/entries', {
      title: 'x',
      body: 'x',
      publish: true,
      publishAt: inSeconds(60),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].pointer).toBe('/publishAt');
    const bad = await post(`/api/v1/entries/${id}/publish`, { at: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    const live = await createEntry(server.app, headers, { title: 'Live', publish: true });
    expect((await post(`/api/v1/entries/${live}/publish`, { at: inSeconds(60) })).statusCode).toBe(409);
    const missing = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/entries/ent_nope/schedule',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
