/**
 * Durable jobs with pg-boss, on PostgreSQL and on the embedded database alike (docs/api.md#entries): jobs live in the same database as the rows they follow, and are written in the caller's
 * transaction, so a change and its consequences commit together or not at all, and a crash or a
 * restart loses neither. Every instance may work jobs; pg-boss hands each job to one of them.
 */
import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { Sql, TransactionSql } from '../db/connect.ts';
import { bossDatabase } from './boss-database.ts';
import type { JobPayload, QueueName } from './job-payloads.ts';
import { QUEUES } from './queue-settings.ts';

export type { QueueName } from './job-payloads.ts';

export type JobQueue = {
  /**
   * Enqueue a job; pass the caller's transaction so that the job commits (or not) with it.
   * @param options.startAfter seconds to wait before the job may run, or the time it may run from.
   * @param options.group the job's group (a project id): a queue worked with a group concurrency runs
   *   at most that many jobs of one group at a time.
   */
  send<Q extends QueueName>(
    db: Sql | TransactionSql,
    queue: Q,
    data: JobPayload<Q>,
    options?: { startAfter?: number | Date; group?: string },
  ): Promise<void>;
  /**
   * Enqueue one job of `queue` per payload, by one statement, with the queue's settings; in the
   * caller's transaction when given one, as `send`.
   */
  sendMany<Q extends QueueName>(db: Sql | TransactionSql, queue: Q, data: JobPayload<Q>[]): Promise<void>;
  boss: PgBoss;
  /** Work of this instance besides pg-boss's (the scheduled sweeper) that `stop` ends first. */
  onStop(stop: () => Promise<void>): void;
  /** Stop working: end `onStop` work, finish jobs in progress (up to `timeoutMs`), release pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * Start pg-boss on `sql` (its schema, `pgboss`, is created or migrated here) and make the queues.
 * @param log where pg-boss's own errors go (a failing poll is logged, not thrown).
 * @param options.supervise false for a process that only sends jobs (the CLI): no maintenance, no
 *   schedules.
 */
export async function startJobQueue(
  sql: Sql,
  log: { error: (obj: object, msg: string) => void },
  options: { shared: boolean; supervise?: boolean },
): Promise<JobQueue> {
  const supervise = options.supervise ?? true;
  const boss = new PgBoss({
    db: bossDatabase(sql),
    schema: 'pgboss',
    schedule: supervise,
    supervise,
    // Lost jobs (expired, or a dead worker's stale heartbeat) are found by this pass: every 30 s.
    superviseIntervalSeconds: 30,
    monitorIntervalSeconds: 30,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // Processes starting together on one database would race to create pg-boss's schema: they take
  // turns on an advisory lock held by a connection of its own (the embedded database has one process).
  if (!options.shared) {
    await setUp(boss);
  } else {
    const turn = await sql.reserve();
    try {
      await turn`select pg_advisory_lock(hashtext('shiplog:pg-boss start'))`;
      await setUp(boss);
    } finally {
      await turn`select pg_advisory_unlock(hashtext('shiplog:pg-boss start'))`;
      turn.release();
    }
  }
  let stopped = false;
  const stoppers: (() => Promise<void>)[] = [];
  return {
    boss,
    onStop(stop) {
      stoppers.push(stop);
    },
    async send(db, queue, data, { group, ...options } = {}) {
      await boss.send(queue, data as object, {
        db: bossDatabase(db),
        ...options,
        ...(group !== undefined ? { group: { id: group } } : {}),
      });
    },
    async sendMany(db, queue, data) {
      if (data.length === 0) return;
      await boss.insert(
        queue,
        data.map((payload) => ({ data: payload as object })),
        { db: bossDatabase(db) },
      );
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      await Promise.all(stoppers.map((stop) => stop()));
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
  };
}

async function setUp(boss: PgBoss): Promise<void> {
  await boss.start();
  for (const [name, { queue }] of Object.entries(QUEUES)) {
    await boss.createQueue(name, { ...queue });
    // createQueue leaves an existing queue as it was made: bring an older version's settings up to date.
    await boss.updateQueue(name, { ...queue });
    // pg-boss caches queues at start, so these new ones are looked up on first use, through its own
    // connection. A send runs in the caller's transaction, where that lookup would wait for the one
    // embedded connection the transaction holds: look each queue up now, outside any transaction.
    await boss.getJobById(name, randomUUID());
  }
}
