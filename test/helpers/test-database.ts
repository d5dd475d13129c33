/**
 * A fresh database for one test file: a new PostgreSQL database on the DATABASE_URL server (created
 * here, dropped by `drop`), or a copy of the migrated PGlite template in a new temporary directory.
 */
import { cpSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';

export type TestDatabase = { databaseUrl: string | undefined; dataDir: string; drop: () => Promise<void> };

/** @param options.embedded always the embedded database, whatever DATABASE_URL says. */
export async function createTestDatabase(options: { embedded?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shiplog-test-'));
  const serverUrl = options.embedded ? undefined : process.env.DATABASE_URL;
  if (!serverUrl) {
    // Node's synchronous copy runs natively: about a sixth of the CPU of fs/promises' `cp`, which
    // copies the template's 1,200 files one by one in JavaScript.
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    return { databaseUrl: undefined, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `shiplog_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // A copy of the run's migrated template (test/helpers/global-setup.ts), when there is one.
  const template = inject('postgresTemplate');
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The variables that point Shiplog (the CLI, a server) at `database`. */
export function databaseEnv(database: TestDatabase): Record<string, string> {
  return {
    SHIPLOG_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
}
