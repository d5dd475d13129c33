/**
 * Each job queue's pg-boss settings (retries, expiry, dead letters), how an instance works it (batch
 * size, concurrency) and its schedule: what the queue needs to exist and be fetched from, apart from
 * what its jobs do (jobs/job-handlers.ts), so that creating queues and sending jobs need no service.
 * A queue missing here, or one not in job-payloads.ts, is a type error.
 */
import type { PgBoss, WorkOptions } from 'pg-boss';
import type { QueueName } from './job-payloads.ts';

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

/** How often an idle worker asks for jobs, in seconds (pg-boss's minimum). */
const POLLING_SECONDS = 0.5;

/**
 * Jobs are fetched up to 20 at a time and run side by side; while fetches come back full the worker
 * fetches again at once (a fan-out is not paced by the polling interval). Each job settles on its own:
 * one that throws is retried alone.
 */
const BATCHED = {
  pollingIntervalSeconds: POLLING_SECONDS,
  batchSize: 20,
  burstWhenBatchFull: true,
  perJobResults: true,
} as const;

/**
 * Channel deliveries wait on receivers (up to the 10 s budget of an attempt), so they are worked by 4
 * workers of 2 jobs each, each settling its own pair and fetching again at once while its fetches come
 * back full; one project runs at most 2 attempts at a time on a server (jobs carry the project as their
 * group; a job over the count goes back to the queue at once). A project whose receivers hang holds at
 * most 2 of a server's 4 workers, and the others keep fetching every other project's deliveries.
 */
export const CHANNEL_WORKERS = {
  pollingIntervalSeconds: POLLING_SECONDS,
  localConcurrency: 4,
  batchSize: 2,
  burstWhenBatchFull: true,
  // Counted in this server's memory, so exact: pg-boss's database-wide count (groupConcurrency) is taken
  // as each fetch runs, and this server's 4 workers fetching at the same moment could each take 2.
  localGroupConcurrency: 2,
  perJobResults: true,
} as const;

/**
 * Email batches a server works at once: fetched together by one worker and run side by side, each
 * sending one message at a time with up to 25 at stake (services/engagement/email-subscribers.ts
 * `MAX_AT_STAKE`). These 4 keep 4 of the pooled SMTP transport's 5 connections busy, a crash puts at
 * most 100 messages at stake, and the queue costs one poll and one settling statement per 4 batches.
 */
export const EMAIL_BATCHES_AT_ONCE = 4;

/** One queue's settings and how it is worked. */
export type QueueSettings = {
  queue: NonNullable<Parameters<PgBoss['createQueue']>[1]>;
  /** Worker options; each job settles on its own (perJobResults). */
  work: Omit<WorkOptions, 'perJobResults'> & { includeMetadata?: boolean };
  /** A cron schedule (UTC) on which pg-boss sends the queue a job, for periodic work. */
  schedule?: string;
  /** Worked only by an instance with the GitHub App mounted. */
  needsGithub?: boolean;
};

const GITHUB_RETRY = {
  retryLimit: 6,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 600,
};

export const QUEUES: { [Q in QueueName]: QueueSettings } = {
  'subscription-requested': { queue: { ...EMAIL_RETRY, expireInSeconds: 60 }, work: BATCHED },
  'entry-published': { queue: { ...EMAIL_RETRY, expireInSeconds: 60 }, work: BATCHED },
  /** Dead letters of `email-batch`, so created before it. */
  'email-batch-failed': {
    queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 60 },
    work: { ...BATCHED, includeMetadata: true },
  },
  /**
   * Its worker refreshes a heartbeat every 5 s: a batch whose worker died is taken back after 30 s
   * without one (and retried), while a live one may run up to its own time budget.
   */
  'email-batch': {
    queue: { ...EMAIL_RETRY, expireInSeconds: 600, heartbeatSeconds: 30, deadLetter: 'email-batch-failed' },
    work: { ...BATCHED, batchSize: EMAIL_BATCHES_AT_ONCE, heartbeatRefreshSeconds: 5 },
  },
  /** Its own schedule re-enqueues failed attempts; pg-boss retries only a job that crashed. */
  'channel-delivery': {
    queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 60 },
    work: CHANNEL_WORKERS,
  },
  /** One job at a time per pull request or release (the job's group), across every instance. */
  'github-webhook': { queue: GITHUB_RETRY, work: { ...BATCHED, groupConcurrency: 1 }, needsGithub: true },
  /** One job at a time per repository (the group). */
  'github-shipped': { queue: GITHUB_RETRY, work: { ...BATCHED, groupConcurrency: 1 }, needsGithub: true },
  'entry-scheduled': {
    queue: { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 60 },
    work: BATCHED,
  },
  /** Retried with backoff, then every 30 min, 20 times (about 7 hours): an SMTP outage of an afternoon. */
  'account-email': {
    queue: { retryLimit: 20, retryDelay: 10, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 60 },
    work: BATCHED,
  },
  'drafting-profile': {
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
    work: { ...BATCHED, groupConcurrency: 1 },
  },
  /** One fetch at a time per project (the group); a rate limit longer than a minute is tried again later. */
  'history-commits': { queue: GITHUB_RETRY, work: { ...BATCHED, groupConcurrency: 1 }, needsGithub: true },
  /** Hourly, at the top of the hour (UTC). */
  housekeeping: {
    queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    work: { pollingIntervalSeconds: POLLING_SECONDS },
    schedule: '0 * * * *',
  },
  /** The audit log keeps a year (docs/api.md#audit-log): daily at 03:17 UTC. */
  'audit-purge': {
    queue: { retryLimit: 5, retryDelay: 300, expireInSeconds: 600 },
    work: { pollingIntervalSeconds: POLLING_SECONDS },
    schedule: '17 3 * * *',
  },
};
