/**
 * What the services share, opened once per process (server/open-server.ts hands it to the app): the
 * widget cache and, on a shared database, the NOTIFY listener that keeps it fresh across instances; the
 * Markdown renderer's worker threads; the AI client; the mailer; the job queue (pg-boss, started on our
 * connection); the per-deployment secrets (read, or made on first start); the metrics; and the GitHub App
 * when it is configured (Probot and Octokit load only then: a fifth of a second at every start).
 * `close()` stops the jobs first (finishing those in progress), then what they use.
 */
import { createSecretKey } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ProbotOctokit } from 'probot';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { getOrCreateSecret } from './db/instance-secrets.ts';
import { listenProjectChanges } from './db/notifications.ts';
import { startJobQueue } from './queue/job-queue.ts';
import type { ServiceContext } from './services/context.ts';
import { createAiClient } from './services/drafting/create-ai-client.ts';
import { createMailer } from './services/mail/create-mailer.ts';
import { countEmails } from './services/metrics/count-emails.ts';
import { createServiceMetrics } from './services/metrics/service-metrics.ts';
import { createWidgetCache } from './services/public/create-widget-cache.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from './services/rendering/markdown-renderer.ts';

export type OpenedServiceContext = {
  ctx: ServiceContext;
  /** Stops the jobs (those in progress finish), then closes the mailer, the renderer and the listener. */
  close: () => Promise<void>;
};

export type ServiceContextOptions = {
  config: Config;
  /** The open database (server/db/connect.ts); it outlives the context. */
  db: Database;
  log: FastifyBaseLogger;
  /** The GitHub App's Octokit class (tests: one without the throttling plugin's pacing). */
  githubOctokit?: typeof ProbotOctokit;
  /**
   * A Markdown renderer to use instead of starting one (its worker threads cost most of a second of CPU
   * to start: the tests hand every server of a process the same one). It is closed with the context.
   */
  markdown?: MarkdownRenderer;
};

export async function openServiceContext({
  config,
  db,
  log,
  githubOctokit,
  markdown,
}: ServiceContextOptions): Promise<OpenedServiceContext> {
  const metrics = createServiceMetrics(db.sql);
  const ctx: ServiceContext = {
    sql: db.sql,
    config,
    widgetCache: createWidgetCache(db.sql, config.publicUrl),
    markdown: markdown ?? createMarkdownRenderer(config.renderTimeoutMs, config.renderThreads),
    openai: createAiClient(config.ai),
    mailer: countEmails(createMailer(config, log), metrics.emails),
    jobs: await startJobQueue(db.sql, log, { shared: db.shared }),
    unsubscribeSecret: createSecretKey(await getOrCreateSecret(db.sql, 'unsubscribe')),
    cursorSecret: await getOrCreateSecret(db.sql, 'cursor'),
    previewSecret: await getOrCreateSecret(db.sql, 'preview'),
    github: null,
    metrics,
  };
  if (config.github) {
    const { createGithubApp } = await import('./services/github/create-github-app.ts');
    ctx.github = await createGithubApp(config.github, ctx, log, githubOctokit);
  }
  // Other instances' writes reach this one's caches through NOTIFY; only needed when the database is shared.
  const listener = db.shared
    ? await listenProjectChanges(
        db.sql,
        (id) => ctx.widgetCache.invalidate(id),
        () => ctx.widgetCache.clear(),
      )
    : null;
  return {
    ctx,
    async close() {
      await ctx.jobs.stop();
      await ctx.mailer.close();
      await ctx.markdown.close();
      await listener?.unlisten();
    },
  };
}
