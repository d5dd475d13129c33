/**
 * The app under test on its own fresh database, migrated, with helpers to make projects and keys.
 * Call `close()` in afterAll: it closes the app and the pool and drops the database.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../server/app.ts';
import { startWorkers } from '../../server/jobs/start-workers.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/connect.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Plan, ProjectRow } from '../../server/db/projects.ts';
import { createProject } from '../../server/services/manage-projects.ts';
import { createTestDatabase } from './test-database.ts';

export type TestServer = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** A new project with a random slug and its API key; `headers` authenticate as it. */
  project(
    plan?: Plan,
    slug?: string,
  ): Promise<{ project: ProjectRow; apiKey: string; headers: Record<string, string> }>;
  close(): Promise<void>;
};

let counter = 0;

export async function buildTestServer(
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    workers?: boolean;
    githubOctokit?: BuildAppOptions['githubOctokit'];
  } = {},
): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://changelog.test',
    SHIPLOG_DATA_DIR: testDb.dataDir,
    ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
    ...env,
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: 4 });
  await migrate(db.sql);
  const app = await buildApp({ config, db, logger: options.logger, githubOctokit: options.githubOctokit });
  await app.ready();
  if (options.workers !== false) {
    await startWorkers(app.shiplog, app.log);
  }
  return {
    app,
    db,
    config,
    async project(
      plan = 'pro',
      slug = `p${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 7)}`,
    ) {
      const { project, apiKey } = await createProject(db.sql, { name: `Project ${slug}`, slug, plan });
      return { project, apiKey, headers: { authorization: `Bearer ${apiKey}` } };
    },
    async close() {
      await app.close();
      await db.close();
      await testDb.drop();
    },
  };
}
