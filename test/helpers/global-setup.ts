/**
 * Once per test run, the migrated databases each test file copies (migrating costs seconds a file; a
 * copy, milliseconds):
 * - a PGlite data directory, for files on the embedded database (built with DATABASE_URL too: some tests
 *   are about the embedded database whatever DATABASE_URL says, see createTestDatabase's `embedded`),
 *   with pg-boss's schema and the job queues made as a server's first start makes them (a third of a
 *   second of DDL a file otherwise; every start still checks and updates them);
 * - with DATABASE_URL, a template database on that server (`create database … template …`), migrated
 *   only: there, servers started together on a new database race to make pg-boss's schema
 *   (server/queue/job-queue.ts), and the multi-process tests keep starting them on one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../../server/db/connect.ts';
import { migrate } from '../../server/db/migrate.ts';
import { startJobQueue } from '../../server/queue/job-queue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The template database's name on the DATABASE_URL server, or '' without one. */
    postgresTemplate: string;
  }
}

/**
 * Written into the template's postgresql.auto.conf, so every copy starts with it. PGlite's default
 * shared_buffers (128MB) costs about a second of CPU at every start (its WASM heap set up for them),
 * and each test file starts one or more; a test database holds a few megabytes, so 8MB buffers it
 * whole and the start costs about a quarter of that. Only the tests' embedded databases are tuned:
 * `shiplog serve` keeps PGlite's defaults, and a PostgreSQL server is never reconfigured.
 */
const SMALL_BUFFERS = `alter system set shared_buffers = '8MB'`;

/** Make pg-boss's schema and the queues in `db`, as the first start of `shiplog serve` does. */
async function makeJobQueues(db: Database): Promise<void> {
  const log = { error: (obj: object, msg: string) => console.error(msg, obj) };
  const jobs = await startJobQueue(db.sql, log, { shared: db.shared, supervise: false });
  await jobs.stop();
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
  await makeJobQueues(db);
  await db.sql.unsafe(SMALL_BUFFERS);
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
