/**
 * Scheduled publishing when the worker that fetched the job died (issue: 66–71 s late after a kill -9;
 * docs/api.md#entries: at most a minute late, exactly once): the job stays fetched and unfinished, as a dead
 * worker leaves it, and the sweeper (server/jobs/scheduled-sweeper.ts) still publishes the entry, once,
 * well within the minute; the job's own run afterwards (its retry, once pg-boss takes it back) and
 * further passes publish and dispatch nothing more.
 */
import { expect, it } from 'vitest';
import { OVERDUE_AFTER_SECONDS } from '../../../server/jobs/scheduled-sweeper.ts';
import {
  publishOverdueScheduled,
  publishScheduled,
} from '../../../server/services/entries/schedule-entry.ts';
import { useTestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

const { server, headers } = useTestServer();

type ScheduledJob = { entryId: string; at: string };

/** `entry-published` jobs made for `entryId`: one per dispatch. */
async function dispatches(entryId: string): Promise<number> {
  const [row] = await server.db.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'entry-published' and data->>'entryId' = ${entryId}`;
  return row!.n;
}

const getEntry = async (id: string) =>
  (await server.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry;

it('publishes an entry whose job a dead worker fetched and never finished, once, within the minute', async () => {
  const { boss } = server.app.shiplog.jobs;
  // This server's own worker must not take the job: the dead worker below does.
  await boss.offWork('entry-scheduled');
  const id = await createEntry(server.app, headers, { title: 'Held by a dead worker' });
  const at = new Date(Date.now() + 1000).toISOString();
  const scheduled = await server.app.inject({
    method: 'POST',
    url: `/api/v1/entries/${id}/publish`,
    headers,
    payload: { at },
  });
  expect(scheduled.statusCode, scheduled.body).toBe(200);

  // The dead worker: it fetches the job once it is due, and never completes or fails it.
  const job = await waitUntil(
    'the job fetched once due',
    async () => (await boss.fetch<ScheduledJob>('entry-scheduled')).find((j) => j.data.entryId === id),
    10_000,
    100,
  );
  expect(job.data.at).toBe(at);

  await waitUntil(
    'the entry published',
    async () => (await getEntry(id)).status === 'published',
    20_000,
    200,
  );
  const published = await getEntry(id);
  // Published while the job was still held: by the sweeper, not by the job.
  expect((await boss.getJobById('entry-scheduled', job.id))?.state).toBe('active');
  const lateSeconds = (Date.parse(published.publishedAt) - Date.parse(at)) / 1000;
  expect(lateSeconds).toBeGreaterThanOrEqual(OVERDUE_AFTER_SECONDS);
  expect(lateSeconds).toBeLessThan(60);
  expect(published.scheduledFor).toBeNull();
  expect(await dispatches(id)).toBe(1);

  // The job's retry once pg-boss takes it back, and more passes of the sweeper: nothing more.
  await publishScheduled(server.app.shiplog, job.data);
  expect(await publishOverdueScheduled(server.app.shiplog, 0)).not.toContain(id);
  expect(await getEntry(id)).toMatchObject({ status: 'published', publishedAt: published.publishedAt });
  expect(await dispatches(id)).toBe(1);
});
