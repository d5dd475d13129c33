/**
 * The app a benchmark measures, opened the one way Shiplog opens (server/open-server.ts): a migrated
 * database (embedded, in a new temporary directory, or PostgreSQL at `databaseUrl`) and the app on it,
 * ready but not listening; job workers only with `workers: true`. `close()` closes the app and the
 * database and removes the directory; the caller drops a PostgreSQL database it made.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/connect.ts';
import { openServer } from '../server/open-server.ts';

export type BenchApp = { app: FastifyInstance; db: Database; close: () => Promise<void> };

export async function openBenchApp(options: {
  /** Names the temporary directory: `shiplog-bench-<label>-`. */
  label: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Work jobs in this process (dispatch benchmarks); default false. */
  workers?: boolean;
  /** Connections to PostgreSQL (default 10). */
  poolSize?: number;
}): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), `shiplog-bench-${options.label}-`));
  const config = loadConfig({
    SHIPLOG_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  try {
    const { app, db, close } = await openServer(config, {
      workers: options.workers ?? false,
      adminSocket: false,
      poolSize: options.poolSize,
    });
    return {
      app,
      db,
      async close() {
        await close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
