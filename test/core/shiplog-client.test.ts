import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createShiplogClient, deriveIdempotencyKey, ShiplogApiError } from '../../core/shiplog-client.ts';

afterEach(() => nock.cleanAll());

const draftResponse = {
  entry: { id: 'ent_1', slug: 'x', title: '1.0.0: X', status: 'draft', editedAt: null },
  draft: {
    title: '1.0.0: X',
    summary: 's',
    body: 'b',
    category: 'feature',
    version: '1.0.0',
    sections: [],
    commits: { received: 1, used: 1, ignored: 0 },
    provider: 'offline',
    model: null,
    usage: { inputTokens: 0, outputTokens: 0 },
    highlights: [],
    detail: 'full',
    profile: { releasesLearned: 0 },
    suggestedVersion: '1.0.1',
    translations: {},
    warnings: [],
  },
};

describe('shiplog client', () => {
  it('sends the key, the Idempotency-Key and JSON; retries 503 and 429 honouring Retry-After', async () => {
    const waits: number[] = [];
    const key = deriveIdempotencyKey({ repository: 'o/r', from: 'v1', to: 'v2', operation: 'generate' });
    expect(key).toBe(
      deriveIdempotencyKey({ repository: 'o/r', from: 'v1', to: 'v2', operation: 'generate' }),
    );
    expect(key).not.toBe(
      deriveIdempotencyKey({ repository: 'o/r', from: 'v1', to: 'v3', operation: 'generate' }),
    );
    const scope = nock('https://shiplog.test', {
      reqheaders: {
        authorization: 'Bearer shl_k',
        'idempotency-key': key,
        'content-type': 'application/json',
      },
    })
      .post('/api/v1/entries/generate', { commits: ['feat: x'], version: '1.0.0' })
      .reply(
        503,
        {
          type: '/docs/errors#ai_unavailable',
          title: 'AI unavailable',
          status: 503,
          detail: 'later',
          code: 'ai_unavailable',
        },
        { 'retry-after': '7' },
      )
      .post('/api/v1/entries/generate')
      .reply(
        429,
        {
          type: '/docs/errors#rate_limited',
          title: 'Too many requests',
          status: 429,
          detail: 'slow',
          code: 'rate_limited',
        },
        { 'retry-after': '2' },
      )
      .post('/api/v1/entries/generate')
      .reply(201, draftResponse, { 'idempotent-replayed': 'true' });
    const client = createShiplogClient({
      baseUrl: 'https://shiplog.test/',
      apiKey: 'shl_k',
      sleep: async (ms) => void waits.push(ms),
    });
    const result = await client.generate({ commits: ['feat: x'], version: '1.0.0' }, key);
    expect(scope.isDone()).toBe(true);
    expect(waits).toEqual([7000, 2000]);
    expect(result.entry.id).toBe('ent_1');
    expect(result.replayed).toBe(true);
  });

  it('does not retry a 4xx and surfaces the problem code', async () => {
    const scope = nock('https://shiplog.test').post('/api/v1/entries/generate').reply(402, {
      type: '/docs/errors#quota_exceeded',
      title: 'Quota exceeded',
      status: 402,
      detail: 'used up',
      code: 'quota_exceeded',
    });
    const client = createShiplogClient({
      baseUrl: 'https://shiplog.test',
      apiKey: 'shl_k',
      sleep: async () => {},
    });
    const err = await client.generate({ commits: ['x'] }, 'k').catch((e: unknown) => e);
    expect(scope.isDone()).toBe(true);
    expect(err).toBeInstanceOf(ShiplogApiError);
    expect(err).toMatchObject({ status: 402, code: 'quota_exceeded', message: 'Quota exceeded: used up' });
  });

  it('gives up after its attempts on a server that keeps failing, with backoff', async () => {
    const waits: number[] = [];
    const scope = nock('https://shiplog.test').post('/api/v1/entries/generate').times(3).reply(500, 'oops');
    const client = createShiplogClient({
      baseUrl: 'https://shiplog.test',
      apiKey: 'shl_k',
      attempts: 3,
      sleep: async (ms) => void waits.push(ms),
    });
    const err = await client.generate({ commits: ['x'] }, 'k').catch((e: unknown) => e);
    expect(scope.isDone()).toBe(true);
    expect(waits).toEqual([1000, 2000]);
    expect(err).toMatchObject({ status: 500, code: 'internal' });
  });

  it('retries no answer and a 409 in flight with the same Idempotency-Key, capping Retry-After at a minute', async () => {
    const waits: number[] = [];
    const inOneHour = new Date(Date.now() + 3_600_000).toUTCString();
    const scope = nock('https://shiplog.test', { reqheaders: { 'idempotency-key': 'gh:k' } })
      .post('/api/v1/entries/generate')
      .replyWithError('connection reset')
      .post('/api/v1/entries/generate')
      .reply(409, { code: 'idempotency_in_flight' }, { 'retry-after': inOneHour })
      .post('/api/v1/entries/generate')
      .reply(503, 'later', { 'retry-after': 'soon' })
      .post('/api/v1/entries/generate')
      .reply(201, draftResponse);
    const client = createShiplogClient({
      baseUrl: 'https://shiplog.test',
      apiKey: 'shl_k',
      sleep: async (ms) => void waits.push(ms),
    });
    const result = await client.generate({ commits: ['x'] }, 'gh:k');
    expect(scope.isDone()).toBe(true);
    // No answer: 1 s; a date an hour away: the cap; an unreadable Retry-After: the backoff's 4 s.
    expect(waits).toEqual([1000, 60_000, 4000]);
    expect(result.entry.id).toBe('ent_1');
  });

  it('says the server could not be reached when no attempt got an answer', async () => {
    const waits: number[] = [];
    const scope = nock('https://shiplog.test')
      .post('/api/v1/entries/generate')
      .times(2)
      .replyWithError('connect ECONNREFUSED');
    const client = createShiplogClient({
      baseUrl: 'https://shiplog.test',
      apiKey: 'shl_k',
      attempts: 2,
      sleep: async (ms) => void waits.push(ms),
    });
    const err = await client.generate({ commits: ['x'] }, 'k').catch((e: unknown) => e);
    expect(scope.isDone()).toBe(true);
    expect(waits).toEqual([1000]);
    expect(err).toBeInstanceOf(ShiplogApiError);
    expect(err).toMatchObject({ status: 0, code: 'unknown' });
    expect((err as Error).message).toMatch(
      /^Shiplog at https:\/\/shiplog.test could not be reached: .*ECONNREFUSED/,
    );
  });
});
