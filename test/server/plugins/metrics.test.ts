/**
 * Prometheus metrics (docs/deployment.md#metrics): `GET /metrics` answers only
 * the METRICS_TOKEN Bearer token, or a METRICS_PORT listener of its own; requests are labelled by
 * route template, never the raw URL; the service's counters move with real work (a channel delivery
 * through the job queue, a confirmation email to a real SMTP server, an AI draft from a provider).
 */
import nock from 'nock';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';
import { AI_BASE_URL, aiScope, openaiFixture } from '../../helpers/openai-fixtures.ts';
import { sampleValue } from '../../helpers/prometheus-text.ts';
import { startReceiver, type Receiver } from '../../helpers/receiver.ts';
import { startInbox, type Inbox } from '../../helpers/smtp-inbox.ts';

const TOKEN = 'metrics-token-0123456789';

describe('with METRICS_TOKEN', () => {
  let server: TestServer;
  let receiver: Receiver;
  let inbox: Inbox;
  beforeAll(async () => {
    receiver = await startReceiver();
    inbox = await startInbox();
    server = await buildTestServer({
      METRICS_TOKEN: TOKEN,
      SMTP_URL: inbox.url,
      SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true',
      OPENAI_API_KEY: 'sk-test-0123456789abcdefwxyz',
      OPENAI_BASE_URL: AI_BASE_URL,
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
    await inbox.close();
  });
  const scrape = async () => {
    const res = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers only the token, as a problem document otherwise', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await server.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).not.toContain(TOKEN);
    }
    const text = await scrape();
    // prom-client's process metrics and event-loop lag.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('counts requests by route template and status, never by raw URL', async () => {
    const { project } = await server.project('pro');
    const route = { method: 'GET', route: '/api/widget/:slug' };
    const before = await scrape();
    for (let i = 0; i < 3; i++)
      expect((await server.app.inject(`/api/widget/${project.slug}`)).statusCode).toBe(200);
    expect((await server.app.inject('/api/widget/no-such-project')).statusCode).toBe(404);
    expect((await server.app.inject('/no/such/route/at-all')).statusCode).toBe(404);
    const after = await scrape();
    const count = (text: string, status: string) =>
      sampleValue(text, 'http_request_duration_seconds_count', { ...route, status_code: status });
    expect(count(after, '200') - count(before, '200')).toBe(3);
    expect(count(after, '404') - count(before, '404')).toBe(1);
    expect(after).not.toContain(project.slug);
    expect(after).not.toContain('no-such-project');
    expect(after).not.toContain('at-all');
    // The scrapes themselves are not timed.
    expect(after).not.toContain('route="/metrics"');
  });

  it('counts channel deliveries, emails, AI drafts and jobs as they happen', async () => {
    const { project, headers } = await server.project('pro');
    const before = await scrape();
    const channel = await server.app.inject({
      method: 'POST',
      url: '/api/v1/channels',
      headers,
      payload: { type: 'webhook', url: `${receiver.base}/metrics-hook` },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    await createEntry(server.app, headers, { title: 'Counted', publish: true });
    await receiver.receivedAt('/metrics-hook', 1);

    const subscribed = await server.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { project: project.slug, email: 'counted@example.com' },
    });
    expect(subscribed.statusCode).toBe(202);
    await inbox.next('counted@example.com');

    const scope = aiScope()
      .post('/v1/chat/completions')
      .reply(200, openaiFixture('chat-completion-draft') as object);
    const drafted = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: { commits: ['feat: export to CSV', 'fix: crash on empty list'] },
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    expect(scope.isDone()).toBe(true);
    nock.cleanAll();

    // The delivery is counted right after the receiver answers: scrape until it shows (bounded).
    let after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    for (let i = 0; i < 100 && delta('shiplog_channel_deliveries_total', { outcome: 'delivered' }) < 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await scrape();
    }
    expect(delta('shiplog_channel_deliveries_total', { channel_type: 'webhook', outcome: 'delivered' })).toBe(
      1,
    );
    expect(delta('shiplog_emails_total', { outcome: 'sent' })).toBe(1);
    expect(delta('shiplog_ai_drafts_total', { provider: 'openai', outcome: 'drafted' })).toBe(1);
    expect(delta('shiplog_ai_draft_duration_seconds_count', { provider: 'openai' })).toBe(1);
    expect(delta('shiplog_ai_tokens_total', { kind: 'input' })).toBe(512);
    expect(delta('shiplog_ai_tokens_total', { kind: 'output' })).toBe(96);
    // Jobs by queue and state, counted live from pg-boss's table.
    expect(sampleValue(after, 'shiplog_jobs', { queue: 'channel-delivery' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'shiplog_jobs', { queue: 'subscription-requested' })).toBeGreaterThanOrEqual(1);
  });
});

describe('with METRICS_PORT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({ METRICS_PORT: '0' });
  });
  afterAll(() => server.close());

  it('serves /metrics on its own listener only, without a token', async () => {
    expect((await server.app.inject('/metrics')).statusCode).toBe(404);
    expect((await server.app.inject('/healthz')).statusCode).toBe(200);
    const { port } = server.app.metricsServer!.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sampleValue(text, 'http_request_duration_seconds_count', { route: '/healthz' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
  });
});

describe('with neither', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer();
  });
  afterAll(() => server.close());

  it('has no /metrics', async () => {
    expect((await server.app.inject('/metrics')).statusCode).toBe(404);
    expect(server.app.metricsServer).toBeNull();
  });
});
