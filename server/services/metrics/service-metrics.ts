/**
 * The service's own Prometheus metrics (docs/deployment.md#metrics), on a registry
 * of this app (several apps may share one process, in tests and benches): channel deliveries, emails,
 * AI drafts, and job counts by queue and state, counted live at each scrape. HTTP and process
 * metrics join the same registry in plugins/metrics.ts.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Sql } from '../../db/connect.ts';
import { countJobsByState } from '../../db/job-counts.ts';

export type ServiceMetrics = {
  registry: Registry;
  /** One per delivery attempt: outcome `delivered`, `retry` (another attempt is planned) or `failed`. */
  deliveries: Counter<'channel_type' | 'outcome'>;
  /** One per email handed to the SMTP server (or the log): outcome `sent` or `failed`. */
  emails: Counter<'outcome'>;
  /** One per draft: provider `openai` or `offline`; outcome `drafted` or `failed`. */
  aiDrafts: Counter<'provider' | 'outcome'>;
  /** Seconds from prompt to draft, per provider. */
  aiDraftSeconds: Histogram<'provider'>;
  /** Model tokens spent on drafts; kind `input` or `output`. */
  aiTokens: Counter<'kind'>;
};

export function createServiceMetrics(sql: Sql): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  new Gauge({
    name: 'shiplog_jobs',
    help: 'Jobs by queue and state (pg-boss: created, retry, active, completed, cancelled, failed)',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const { queue, state, count } of await countJobsByState(sql)) this.set({ queue, state }, count);
    },
  });
  return {
    registry,
    deliveries: new Counter({
      name: 'shiplog_channel_deliveries_total',
      help: 'Channel delivery attempts by channel type and outcome (delivered, retry, failed)',
      labelNames: ['channel_type', 'outcome'],
      registers,
    }),
    emails: new Counter({
      name: 'shiplog_emails_total',
      help: 'Emails handed to the SMTP server, by outcome (sent, failed)',
      labelNames: ['outcome'],
      registers,
    }),
    aiDrafts: new Counter({
      name: 'shiplog_ai_drafts_total',
      help: 'Entry drafts by provider (openai, offline) and outcome (drafted, failed)',
      labelNames: ['provider', 'outcome'],
      registers,
    }),
    aiDraftSeconds: new Histogram({
      name: 'shiplog_ai_draft_duration_seconds',
      help: 'Time to draft an entry, by provider',
      labelNames: ['provider'],
      buckets: [0.01, 0.05, 0.25, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    aiTokens: new Counter({
      name: 'shiplog_ai_tokens_total',
      help: 'Model tokens spent on drafts, by kind (input, output)',
      labelNames: ['kind'],
      registers,
    }),
  };
}
