/** The cheapest round trip to the database: it answers, or the promise rejects (docs/api.md#health). */
import type { Sql } from './connect.ts';

export async function pingDatabase(sql: Sql): Promise<void> {
  await sql`select 1`;
}
