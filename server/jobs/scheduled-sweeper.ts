/**
 * The bound of scheduled publishing (docs/api.md#entries: at most a minute late, exactly once,
 * across several servers and restarts) with a crash in the window.
 *
 * On time, the `entry-scheduled` job publishes: it becomes available at the entry's time T and a worker
 * polls every 0.5 s, so the entry is published at about T + 0.5 s. But a server killed after it fetched
 * the job holds it until pg-boss takes it back: at its expiry (60 s), found by the supervise pass (every
 * 30 s), then retried after 5–10 s: 60–100 s late (66–71 s was measured after a kill -9).
 *
 * So every server that works jobs also sweeps: a pass when it starts, then one {@link
 * SWEEP_INTERVAL_SECONDS} after the previous pass ended, each publishing the drafts more than {@link
 * OVERDUE_AFTER_SECONDS} overdue (services/schedule-entry.ts `publishOverdueScheduled`: the job's own
 * checks, under the same row lock, skipping rows another transaction holds, so nothing is published
 * twice). The arithmetic, for an entry due at T whose job a dead worker holds: it is overdue from T + 3 s,
 * and any live server's next pass starts by T + 3 + 5 s plus the previous pass's own run time (one
 * indexed query and a short transaction, milliseconds), so it is published by about T + 8 s. With every
 * server down, the first pass of the first server to start publishes it: it is late by the time no
 * server ran, which no schedule can beat. With the database unreachable nothing can be published; the
 * first pass after it is back does (within 5 s, plus the pool's reconnect delay of at most 1 s).
 *
 * The grace of 3 s leaves the on-time case to the job (the two would not publish twice anyway); a pass
 * costs each server one query on the `entries_scheduled` partial index every 5 s.
 */
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import type { ServiceContext } from '../services/context.ts';
import { publishOverdueScheduled } from '../services/entries/schedule-entry.ts';
import type { JobLog } from './job-handlers.ts';

/** Seconds between the end of one pass and the start of the next. */
export const SWEEP_INTERVAL_SECONDS = 5;
/** How late (seconds, by the database's clock) a scheduled draft must be before a pass publishes it. */
export const OVERDUE_AFTER_SECONDS = 3;

/** Start sweeping now; `stop()` ends the timer and waits for a pass in progress. */
export function startScheduledSweeper(ctx: ServiceContext, log: JobLog): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let stopped = false;

  async function sweep(): Promise<void> {
    try {
      const ids = await publishOverdueScheduled(ctx, OVERDUE_AFTER_SECONDS);
      // Only a dead worker, or a queue far behind, leaves work here: worth an operator's attention.
      if (ids.length > 0) log.warn({ entries: ids }, 'published scheduled entries whose job was late');
    } catch (err) {
      if (isDatabaseUnavailable(err)) log.warn({ err }, 'scheduled sweep: the database is unavailable');
      else log.error({ err }, 'scheduled sweep failed');
    }
  }

  function run(): void {
    pass = sweep().finally(() => {
      pass = undefined;
      if (stopped) return;
      timer = setTimeout(run, SWEEP_INTERVAL_SECONDS * 1000);
      // The timer alone never keeps a process alive (a CLI or a test that forgot to stop it).
      timer.unref();
    });
  }

  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
