/**
 * The one way to open Shiplog, used by `shiplog serve`, the tests and the benchmarks alike: the database
 * (migrated), what the services share (open-service-context.ts), the app wired around it (built and
 * ready, not listening), the job workers, and in embedded mode the admin
 * socket the CLI reaches it through. `close()` tears them down in reverse: stop taking requests, finish
 * in-flight ones and the jobs in progress, close the admin socket, then the pool (and PGlite, and the
 * data-directory lock).
 */
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { adminSocketPath, serveAdminSocket } from './admin/admin-socket.ts';
import { type BuildAppOptions, buildApp } from './app.ts';
import { startWorkers } from './jobs/start-workers.ts';
import { openServiceContext, type ServiceContextOptions } from './open-service-context.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { countProjects } from './db/projects.ts';
import { countUsers } from './db/users.ts';
import { issueSetupLink } from './services/accounts/set-up-first-account.ts';

export type OpenServerOptions = {
  /**
   * Called after the data-directory lock was lost while running (the directory was removed, or the lock
   * taken): the server must stop writing, so `shiplog serve` exits 1 here. Default: it is logged.
   */
  onLockLost?: () => void;
  /** Fastify logger options (tests capture the log); default pino at `config.logLevel`. */
  logger?: BuildAppOptions['logger'];
  /** The GitHub App's Octokit class (tests: one without the throttling plugin's pacing). */
  githubOctokit?: ServiceContextOptions['githubOctokit'];
  /** A Markdown renderer instead of the server's own (open-service-context.ts); closed with the server. */
  markdown?: ServiceContextOptions['markdown'];
  /** Whether this process works jobs (default true; a test or a benchmark may only enqueue). */
  workers?: boolean;
  /** Whether the embedded database serves CLI commands over its admin socket (default true). */
  adminSocket?: boolean;
  /** Connections to PostgreSQL (default 10; the embedded database always has one). */
  poolSize?: number;
};

export type OpenedServer = {
  app: FastifyInstance;
  db: Database;
  /** Once listening: the first-run hint (the setup link, or the command that creates a project). */
  greet: () => Promise<void>;
  close: () => Promise<void>;
};

export async function openServer(config: Config, options: OpenServerOptions = {}): Promise<OpenedServer> {
  let app: FastifyInstance | undefined;
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    max: options.poolSize,
    onLockCompromised: (err) => {
      app?.log.fatal({ err }, 'lost the lock on the data directory; stopping');
      options.onLockLost?.();
    },
  });
  try {
    const applied = await migrate(db.sql);
    app = await buildApp({
      config,
      logger: options.logger,
      openContext: (log) =>
        openServiceContext({
          config,
          db,
          log,
          githubOctokit: options.githubOctokit,
          markdown: options.markdown,
        }),
    });
    await app.ready();
    if (options.workers !== false) await startWorkers(app.shiplog, app.log);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'applied migrations');
    const admin =
      db.mode === 'pglite' && options.adminSocket !== false
        ? await serveAdminSocket(
            config.dataDir,
            {
              sql: db.sql,
              publicUrl: config.publicUrl,
              projectChanged: (id) => app?.shiplog.widgetCache.invalidate(id),
              jobs: app.shiplog.jobs,
              services: app.shiplog,
            },
            (err) => app?.log.error({ err }, 'admin command failed'),
          )
        : undefined;
    if (admin)
      app.log.info(
        `embedded database in ${config.dataDir}; CLI commands reach this server at ${adminSocketPath(config.dataDir)}`,
      );
    const mailHost = new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
    if (config.smtpUrl && config.mailFromDefaulted && (isIP(mailHost) || /(^|\.)localhost$/.test(mailHost))) {
      // Mail from no-reply@127.0.0.1 is refused or filed as spam by most mail servers.
      app.log.warn(
        `MAIL_FROM is not set, so emails are sent from ${config.mailFrom}, which mail servers refuse or mark as spam: set MAIL_FROM to an address of your own domain`,
      );
    }
    // Whether the App is mounted is the first thing to check when GitHub's deliveries go unanswered.
    app.log.info(
      config.github
        ? `GitHub App ${config.github.appId} mounted: webhooks at POST ${config.publicUrl}/api/github/webhooks`
        : 'GitHub App not mounted (set APP_ID, PRIVATE_KEY or PRIVATE_KEY_PATH, and WEBHOOK_SECRET to mount it)',
    );
    const server = app;
    return {
      app: server,
      db,
      async greet() {
        // First run (docs/api.md#first-run): only this link (or `shiplog setup-link`'s) makes the first
        // account. Said once the server listens, so that the link names a port this server holds.
        if ((await countUsers(db.sql)) === 0) {
          const link = await issueSetupLink(db.sql, config.publicUrl);
          server.log.info(
            `no account yet: open ${link} to create the owner's account and the first project (the link works once, for 24 hours; npx shiplog setup-link prints a new one)`,
          );
        } else if ((await countProjects(db.sql)) === 0) {
          server.log.info(
            'no project yet; create one with: npx shiplog projects create --name "My app" --slug my-app --plan pro',
          );
        }
      },
      async close() {
        await server.close();
        await new Promise<void>((resolve) => (admin ? admin.close(() => resolve()) : resolve()));
        await db.close();
      },
    };
  } catch (err) {
    await app?.close();
    await db.close();
    throw err;
  }
}
