/**
 * How many jobs each queue holds in each state, read from pg-boss's own job table (`pgboss.job`,
 * partitioned by queue name; states: created, retry, active, completed, cancelled, failed). Counted
 * live at each scrape: pg-boss's cached queue counts lag by a monitor pass (30 s).
 */
import type { Sql } from './connect.ts';

export type JobCount = { queue: string; state: string; count: number };

export async function countJobsByState(sql: Sql): Promise<JobCount[]> {
  return sql<JobCount[]>`
    select name as queue, state::text as state, count(*)::int as count
    from pgboss.job
    group by name, state
    order by name, state`;
}
