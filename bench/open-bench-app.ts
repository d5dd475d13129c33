/**
 * The app a benchmark measures: a migrated database (embedded, in a new temporary directory, or
 * PostgreSQL at `databaseUrl`) and the app on it, built but not listening. `close()` closes the app
 * and the database and removes the directory; the caller drops a PostgreSQL database it made.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/connect.ts';
import { migrate } from '../server/db/migrate.ts';

export async function openBenchApp(options: {
  /** Names the temporary directory: `shiplog-bench-<label>-`. */
  label: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<{ app: FastifyInstance; db: Database; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), `shiplog-bench-${options.label}-`));
  const config = loadConfig({
    SHIPLOG_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const db = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
  const close = async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(db.sql);
    const app = await buildApp({ config, db });
    return {
      app,
      db,
      async close() {
        await app.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
