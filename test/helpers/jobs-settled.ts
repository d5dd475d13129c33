/** Waiting for the job queue in tests that drive a server with workers. */
import type { Sql } from '../../server/db/connect.ts';

/** Wait (bounded) until no job of `queues` is left to run (created, retrying or active). */
export async function jobsSettled(sql: Sql, queues: readonly string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job
      where name = any(${queues as string[]}) and state not in ('completed', 'failed', 'cancelled')`;
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${row!.n} jobs of ${queues.join(', ')} still to run`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
