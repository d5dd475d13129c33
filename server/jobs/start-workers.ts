/**
 * The workers of this instance: every queue (queue/queue-settings.ts) worked with its options and its
 * handler (job-handlers.ts), each job settling on its own, the queues' schedules (hourly housekeeping,
 * the daily audit purge), and the sweeper that keeps scheduled publishing within its bound when a
 * worker dies holding a job (scheduled-sweeper.ts). Started
 * by `shiplog serve` (and the tests) after the app is built; stopped, draining what is in progress, when
 * the app closes.
 */
import type { ServiceContext } from '../services/context.ts';
import type { QueueName } from '../queue/job-payloads.ts';
import { QUEUES } from '../queue/queue-settings.ts';
import { type JobHandler, type JobInfo, type JobLog, JOB_HANDLERS } from './job-handlers.ts';
import { startScheduledSweeper } from './scheduled-sweeper.ts';

/** A batch handler that runs each job of the batch on its own and reports each one's outcome. */
function eachJob<P>(handle: (data: P, job: JobInfo) => Promise<void>) {
  return async (jobs: { id: string; data: P; signal: AbortSignal; output?: unknown }[]) => {
    const outcomes = await Promise.allSettled(jobs.map((job) => handle(job.data, job)));
    return jobs.map((job, i) => ({
      id: job.id,
      status: outcomes[i]!.status === 'fulfilled' ? ('completed' as const) : ('failed' as const),
      ...(outcomes[i]!.status === 'rejected'
        ? { output: { message: String((outcomes[i] as PromiseRejectedResult).reason) } }
        : {}),
    }));
  };
}

/** @param log where a job's partial failures are reported (its own failure is pg-boss's, with retries). */
export async function startWorkers(ctx: ServiceContext, log: JobLog): Promise<void> {
  const { boss } = ctx.jobs;
  for (const name of Object.keys(QUEUES) as QueueName[]) {
    const settings = QUEUES[name];
    if (settings.needsGithub && ctx.github === null) continue;
    const handle = JOB_HANDLERS[name] as JobHandler<unknown>;
    await boss.work(
      name,
      { ...settings.work, perJobResults: true } as never,
      eachJob((data, job) => handle(ctx, data, job, log)) as never,
    );
  }
  for (const [name, { schedule }] of Object.entries(QUEUES)) {
    if (schedule) await boss.schedule(name, schedule);
  }
  const sweeper = startScheduledSweeper(ctx, log);
  ctx.jobs.onStop(() => sweeper.stop());
}
