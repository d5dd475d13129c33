/**
 * Durable jobs with pg-boss, on PostgreSQL and on the embedded database alike (CONTRACT.md "Dispatch on
 * publish"): jobs live in the same database as the rows they follow, and are written in the caller's
 * transaction, so a change and its consequences commit together or not at all, and a crash or a
 * restart loses neither. Every instance may work jobs; pg-boss hands each job to one of them.
 */
import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { Sql, TransactionSql } from '../db/connect.ts';
import { bossDatabase } from './boss-database.ts';

/**
 * Retries of email work, long enough for an SMTP (or database) outage of a day to lose nothing.
 * pg-boss waits min(retryDelayMax, retryDelay · 2^r · (1 + random)) seconds after the failure of try r
 * (r = 0 for the first; pg-boss plans.js `failJobs`), and gives up after `retryLimit` retries. Here:
 * 10–20 s, 20–40 s, … 1280–1800 s (r = 7), then every 30 min: 55 retries, the last starting between
 * 87,150 s (24 h 12 min) and 88,940 s (24 h 42 min) after the first failure.
 */
export const EMAIL_RETRY = {
  retryLimit: 55,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 1800,
} as const;

/**
 * The queues: how often a job is tried before it is given up, and how long one attempt may run
 * before pg-boss takes it for lost (its worker died) and retries it. Applied at every start, to
 * queues made by earlier versions too.
 */
export const QUEUES = {
  /** A subscribe request: the job decides whether a confirmation email is due, and sends it. */
  'subscription-requested': { ...EMAIL_RETRY, expireInSeconds: 60 },
  /** A release was published: its deliveries (channels, and email batches). */
  'entry-published': { ...EMAIL_RETRY, expireInSeconds: 60 },
  /** Email batches whose retries ran out (dead letters of `email-batch`): marked `failed`, kept. */
  'email-batch-failed': {
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 60,
  },
  /**
   * One batch of subscriber emails of a release. Its worker refreshes a heartbeat every 5 s: a batch
   * whose worker died is taken back after 30 s without one (and retried), while a live one may run up
   * to its own time budget (services/engagement/email-subscribers.ts).
   */
  'email-batch': {
    ...EMAIL_RETRY,
    expireInSeconds: 600,
    heartbeatSeconds: 30,
    deadLetter: 'email-batch-failed',
  },
  /**
   * One delivery attempt to a channel. Its own schedule re-enqueues failed attempts (Standard
   * Webhooks' timing, Retry-After); pg-boss retries only a job that crashed.
   */
  'channel-delivery': {
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
  },
  /**
   * One GitHub webhook delivery run through the App. A rate limit longer than a minute fails the attempt
   * and it is tried again later (services/github/create-github-app.ts).
   */
  'github-webhook': {
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 600,
  },
  /**
   * A scheduled publish, started at its time (`startAfter`). A retry publishes nothing twice: the job
   * publishes only a draft still scheduled for its time (services/schedule-entry.ts).
   */
  'entry-scheduled': {
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 60,
  },
  /** Housekeeping, hourly: expired confirmation links and idempotency records. */
  housekeeping: { retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
} as const;

export type QueueName = keyof typeof QUEUES;

export type JobQueue = {
  /**
   * Enqueue a job; pass the caller's transaction so that the job commits (or not) with it.
   * @param options.startAfter seconds to wait before the job may run, or the time it may run from.
   * @param options.group the job's group (a project id): a queue worked with a group concurrency runs
   *   at most that many jobs of one group at a time.
   */
  send(
    db: Sql | TransactionSql,
    queue: QueueName,
    data: object,
    options?: { startAfter?: number | Date; group?: string },
  ): Promise<void>;
  boss: PgBoss;
  /** Stop working: finish jobs in progress (up to `timeoutMs`), then release pg-boss. */
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
  return {
    boss,
    async send(db, queue, data, { group, ...options } = {}) {
      await boss.send(queue, data, {
        db: bossDatabase(db),
        ...options,
        ...(group !== undefined ? { group: { id: group } } : {}),
      });
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
  };
}

async function setUp(boss: PgBoss): Promise<void> {
  await boss.start();
  for (const [name, options] of Object.entries(QUEUES)) {
    await boss.createQueue(name, { ...options });
    // createQueue leaves an existing queue as it was made: bring an older version's settings up to date.
    await boss.updateQueue(name, { ...options });
    // pg-boss caches queues at start, so these new ones are looked up on first use, through its own
    // connection. A send runs in the caller's transaction, where that lookup would wait for the one
    // embedded connection the transaction holds: look each queue up now, outside any transaction.
    await boss.getJobById(name, randomUUID());
  }
}
