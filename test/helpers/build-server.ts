/**
 * The app under test on its own fresh database, migrated, with helpers to make projects and keys.
 * Call `close()` in afterAll: it closes the app and the pool and drops the database.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { loggerOptions } from '../../server/plugins/log-options.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/connect.ts';
import type { Plan, ProjectRow } from '../../server/db/projects.ts';
import { type OpenServerOptions, openServer } from '../../server/open-server.ts';
import { createProject } from '../../server/services/accounts/manage-projects.ts';
import {
  createMarkdownRenderer,
  type MarkdownRenderer,
} from '../../server/services/rendering/markdown-renderer.ts';
import { createTestDatabase, databaseEnv } from './test-database.ts';

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

export type TestServerOptions = {
  logger?: FastifyServerOptions['logger'];
  workers?: boolean;
  githubOctokit?: OpenServerOptions['githubOctokit'];
};

let counter = 0;

/** This process's renderers, by budget and thread count: see {@link sharedRenderer}. */
const renderers = new Map<string, MarkdownRenderer>();

/**
 * The renderer every test server of this process with `config`'s budget and threads uses: starting a
 * renderer's worker threads costs most of a second of CPU, once per test file otherwise. A worker runs
 * its files one after another, and renders are queued per project (each file's projects are its
 * own). Its `close` leaves it open for the next server (renderOnClock and the server's close call
 * it); the threads end with the process.
 */
function sharedRenderer(config: Config): MarkdownRenderer {
  const key = `${config.renderTimeoutMs}:${config.renderThreads ?? ''}`;
  let renderer = renderers.get(key);
  if (!renderer) {
    const own = createMarkdownRenderer(config.renderTimeoutMs, config.renderThreads);
    renderer = { ...own, close: async () => {} };
    renderers.set(key, renderer);
  }
  return renderer;
}

export async function buildTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://changelog.test',
    ...databaseEnv(testDb),
    ...env,
  });
  // The same opening as `shiplog serve` (server/open-server.ts), minus the admin socket: tests reach
  // the app in-process. Four connections to PostgreSQL: two files at a time must not exhaust it.
  const { app, db, close } = await openServer(config, {
    logger: options.logger,
    githubOctokit: options.githubOctokit,
    markdown: sharedRenderer(config),
    workers: options.workers !== false,
    adminSocket: false,
    poolSize: 4,
  });
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
      await close();
      await testDb.drop();
    },
  };
}

/**
 * One test server for the whole file, with one project on `plan` (none with `withProject: false`):
 * built in `beforeAll` (before any hook the file registers after this call), closed in `afterAll`.
 * The returned objects are filled in place once `beforeAll` has run, so a file can destructure them
 * at the top: `server` is the {@link TestServer}, `headers` authenticate as the project, `owner` holds
 * the project's row and API key. `env` may be a function, called in `beforeAll` (for values known
 * only once an earlier hook has run, such as an inbox's URL).
 */
export function useTestServer(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestServerOptions & { plan?: Plan; withProject?: boolean } = {},
): {
  server: TestServer;
  headers: Record<string, string>;
  owner: { project: ProjectRow; apiKey: string };
} {
  const server = {} as TestServer;
  const headers: Record<string, string> = {};
  const owner = {} as { project: ProjectRow; apiKey: string };
  beforeAll(async () => {
    Object.assign(server, await buildTestServer(typeof env === 'function' ? env() : env, options));
    if (options.withProject === false) return;
    const created = await server.project(options.plan ?? 'pro');
    Object.assign(headers, created.headers);
    Object.assign(owner, { project: created.project, apiKey: created.apiKey });
  });
  afterAll(() => server.close?.());
  return { server, headers, owner };
}

/**
 * The server's own request logger at `info` (its redaction included), writing each JSON line into
 * `lines` instead of stdout: pass `logger` to {@link buildTestServer} and read what was logged.
 */
export function captureLogs(): { lines: string[]; logger: FastifyServerOptions['logger'] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions({ logLevel: 'info' }) as object), stream } };
}
