/**
 * Once per test run, the migrated databases each test file copies (migrating costs seconds a file; a
 * copy, milliseconds):
 * - a PGlite data directory, for files on the embedded database (built with DATABASE_URL too: some tests
 *   are about the embedded database whatever DATABASE_URL says, see createTestDatabase's `embedded`);
 * - with DATABASE_URL, a template database on that server (`create database … template …`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connect.ts';
import { migrate } from '../../server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The template database's name on the DATABASE_URL server, or '' without one. */
    postgresTemplate: string;
  }
}

/** A migrated database on the server of `serverUrl`, to copy; `drop` removes it. */
async function postgresTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `shiplog_template_${process.pid}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), max: 1 });
  await migrate(db.sql);
  await db.close();
  return {
    name,
    async drop() {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-template-'));
  const db = await openDatabase({ dataDir: dir });
  await migrate(db.sql);
  await db.close();
  project.provide('pgliteTemplate', dir);
  const serverUrl = process.env.DATABASE_URL;
  const template = serverUrl ? await postgresTemplate(serverUrl) : null;
  project.provide('postgresTemplate', template?.name ?? '');
  return async () => {
    await template?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}
