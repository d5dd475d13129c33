/**
 * The job queues (server/queue/queue-settings.ts, server/jobs/job-handlers.ts): every queue is made at
 * start with its settings, has a handler, and is worked by this instance; and `send()` takes exactly the payload its queue's handler reads (the
 * `@ts-expect-error` lines fail `npm run typecheck` the day a wrong payload type-checks).
 */
import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../../../server/queue/job-queue.ts';
import { JOB_HANDLERS } from '../../../server/jobs/job-handlers.ts';
import { QUEUES } from '../../../server/queue/queue-settings.ts';
import { useTestServer } from '../../helpers/build-server.ts';

const { server } = useTestServer({}, { withProject: false });

describe('the job queues', () => {
  it('makes every queue with its settings at start', async () => {
    const rows = await server.db.sql<{ name: string; retryLimit: number }[]>`
      select name, retry_limit from pgboss.queue where name = any(${Object.keys(QUEUES)})`;
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(QUEUES).sort());
    expect(Object.keys(JOB_HANDLERS).sort()).toEqual(Object.keys(QUEUES).sort());
    for (const row of rows) {
      const { queue } = QUEUES[row.name as keyof typeof QUEUES];
      expect(row.retryLimit, row.name).toBe(queue.retryLimit);
    }
  });

  it('schedules every queue that has a schedule: hourly housekeeping, the daily audit purge', async () => {
    const rows = await server.db.sql<{ name: string; cron: string }[]>`
      select name, cron from pgboss.schedule order by name`;
    expect(rows.map((r) => [r.name, r.cron])).toEqual([
      ['audit-purge', '17 3 * * *'],
      ['housekeeping', '0 * * * *'],
    ]);
  });

  it('housekeeping deletes the reader secrets whose 24 hours after a rotation have ended, only those', async () => {
    const { headers } = await server.project('pro');
    const rotate = async () => {
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/project/reader-secret', headers });
      expect(res.statusCode).toBe(201);
      return res.json<{ secret: string }>().secret;
    };
    const first = await rotate();
    const second = await rotate();
    await rotate();
    await server.db.sql`update retired_reader_secrets set retires_at = now() - interval '1 second'
      where secret = ${first}`;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
    await JOB_HANDLERS.housekeeping(server.app.shiplog, {}, { id: 'job-1' } as never, log);
    const kept = await server.db.sql<{ secret: string }[]>`
      select secret from retired_reader_secrets where secret = any(${[first, second]})`;
    expect(kept.map((r) => r.secret)).toEqual([second]);
  });

  it('types send() by queue: the payload of each queue and nothing else', () => {
    const send: JobQueue['send'] = async () => {};
    const db = server.db.sql;
    void send(db, 'entry-published', { entryId: 'ent_1' });
    void send(db, 'entry-scheduled', { entryId: 'ent_1', at: '2026-12-01T09:00:00.000Z' });
    // @ts-expect-error: a channel delivery carries a deliveryId, not an entryId
    void send(db, 'channel-delivery', { entryId: 'ent_1' });
    // @ts-expect-error: there is no such queue
    void send(db, 'entry-publishd', { entryId: 'ent_1' });
    // @ts-expect-error: an account email says which kind it is
    void send(db, 'account-email', { email: 'a@example.com' });
    expect(Object.keys(JOB_HANDLERS)).toContain('account-email');
  });
});
