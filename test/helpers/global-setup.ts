/**
 * Once per test run: in embedded mode, build a migrated PGlite data directory that each test file
 * copies (initdb costs seconds; a copy costs milliseconds). With DATABASE_URL, nothing to do here:
 * each file creates its own database on that server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connect.ts';
import { migrate } from '../../server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-template-'));
  if (!process.env.DATABASE_URL) {
    const db = await openDatabase({ dataDir: dir });
    await migrate(db.sql);
    await db.close();
  }
  project.provide('pgliteTemplate', dir);
  return () => rm(dir, { recursive: true, force: true });
}
