/**
 * Whether the database answers within `timeoutMs` (docs/api.md#health: `/readyz` waits 2 s): resolves
 * when it does, rejects with the database's error or `database timeout` when it does not.
 */
import type { Sql } from '../../db/connect.ts';
import { pingDatabase } from '../../db/ping.ts';

export async function checkDatabase(sql: Sql, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pingDatabase(sql),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database timeout')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
