/** What the services and routes share: the database, the caches, the configuration. */
import type { KeyObject } from 'node:crypto';
import type OpenAI from 'openai';
import type { Probot } from 'probot';
import type { Config } from '../config.ts';
import type { Sql } from '../db/connect.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import type { Mailer } from './mail/create-mailer.ts';
import type { MarkdownRenderer } from './rendering/markdown-renderer.ts';
import type { ServiceMetrics } from './metrics/service-metrics.ts';
import type { WidgetCache } from './widget-cache.ts';

export type ServiceContext = {
  sql: Sql;
  config: Config;
  widgetCache: WidgetCache;
  /** Entry bodies → sanitized HTML, in worker threads with a time budget. */
  markdown: MarkdownRenderer;
  /** The AI provider's client, when `config.ai.provider` is `openai`. */
  openai: OpenAI | null;
  mailer: Mailer;
  /** Durable jobs (pg-boss): enqueue in the caller's transaction. */
  jobs: JobQueue;
  /**
   * Signs unsubscribe links (db/instance-secrets.ts), imported once as a key: an HMAC keyed with raw
   * bytes imports them again for every token, one per email of a fan-out.
   */
  unsubscribeSecret: KeyObject;
  /** Signs list cursors (services/paging/keyset-cursor.ts). */
  cursorSecret: Buffer;
  /** Signs draft preview links (services/preview-link.ts). */
  previewSecret: Buffer;
  /** The GitHub App (Probot) when configured: webhooks are verified by it, and its jobs run it. */
  github: Probot | null;
  /** Prometheus counters of deliveries, emails and drafts (served by plugins/metrics.ts when enabled). */
  metrics: ServiceMetrics;
};
