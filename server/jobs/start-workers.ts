/**
 * The workers of this instance: every queue of the registry (job-registry.ts) worked with its options and
 * handler, each job settling on its own, the hourly housekeeping schedule, and the sweeper that keeps
 * scheduled publishing within its bound when a worker dies holding a job (scheduled-sweeper.ts). Started
 * by `shiplog serve` (and the tests) after the app is built; stopped, draining what is in progress, when
 * the app closes.
 */
import type { ServiceContext } from '../services/context.ts';
import { type JobDefinition, type JobInfo, type JobLog, JOBS } from './job-registry.ts';
import { startScheduledSweeper } from './scheduled-sweeper.ts';

export { CHANNEL_WORKERS } from './job-registry.ts';

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
  for (const [name, definition] of Object.entries(JOBS) as [string, JobDefinition<unknown>][]) {
    if (definition.enabled && !definition.enabled(ctx)) continue;
    await boss.work(
      name,
      { ...definition.work, perJobResults: true } as never,
      eachJob((data, job) => definition.handle(ctx, data, job, log)) as never,
    );
  }
  await boss.schedule('housekeeping', '0 * * * *');
  for (const [name, { schedule }] of Object.entries(JOBS) as [string, JobDefinition<unknown>][]) {
    if (schedule) await boss.schedule(name, schedule);
  }
  const sweeper = startScheduledSweeper(ctx, log);
  ctx.jobs.onStop(() => sweeper.stop());
}
