/**
 * Every operation of the API document answered for real, a success and an error, each answer held to
 * the document (test/helpers/openapi-conformance.ts): status, media type and body schema. Errors must
 * match a status the operation declares, not only its `default`. The last test checks that each
 * operation was seen both ways, so a new route cannot go without.
 */
import type { InjectOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUpload } from '../../../server/db/uploads.ts';
import { addConfirmationLink } from '../../../server/db/subscribers.ts';
import {
  newConfirmToken,
  unsubscribeToken,
} from '../../../server/services/engagement/subscription-tokens.ts';
import { newId } from '../../../server/db/new-id.ts';
import { buildTestServer, useTestServer } from '../../helpers/build-server.ts';
import { AI_BASE_URL, aiScope, openaiFixture } from '../../helpers/openai-fixtures.ts';
import { createConformance, type Conformance } from '../../helpers/openapi-conformance.ts';
import { startReceiver, type Receiver } from '../../helpers/receiver.ts';
import { signReaderToken } from '../../helpers/reader-tokens.ts';
import { insertSubscribers } from '../../helpers/subscribers.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true' });
let conformance: Conformance;
let document: OpenAPIV3_1.Document;
let receiver: Receiver;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  document = (await server.app.inject({ url: '/openapi.json' })).json();
  conformance = createConformance(document);
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

/** Send `options`, check the answer against the document, expect `status`; the answer. */
async function call(options: InjectOptions & { url: string }, status: number) {
  const res = await server.app.inject(options);
  expect(res.statusCode, `${options.method ?? 'GET'} ${options.url}: ${res.body.slice(0, 500)}`).toBe(status);
  conformance.check(options.method ?? 'GET', options.url, res);
  return res;
}
const v1 = (method: InjectOptions['method'], url: string, payload?: unknown) => ({
  method,
  url: `/api/v1${url}`,
  headers,
  ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
});

describe('/api/v1', () => {
  let draft: string;
  let published: string;

  it('entries: create, list, get, edit, publish, schedule, unpublish, delete', async () => {
    draft = (await call(v1('POST', '/entries', { title: 'A draft', body: '**b**' }), 201)).json().entry.id;
    await call(v1('POST', '/entries', { title: '' }), 400);
    await call({ method: 'POST', url: '/api/v1/entries', payload: { title: 'x', body: 'y' } }, 401);
    const free = await server.project('free');
    await call({ ...v1('GET', '/entries'), headers: free.headers }, 402);
    await call(
      { ...v1('POST', '/entries'), payload: 'x', headers: { ...headers, 'content-type': 'text/xml' } },
      415,
    );
    await call(v1('POST', '/entries', { title: 'x', body: 'y'.repeat(1_100_000) }), 413);

    await call(v1('GET', '/entries?limit=1'), 200);
    await call(v1('GET', '/entries?limit=0'), 400);
    expect((await call(v1('GET', `/entries/${draft}`), 200)).json().entry.previewUrl).toMatch(/preview/);
    await call(v1('GET', '/entries/ent_missing'), 404);
    await call(v1('PATCH', `/entries/${draft}`, { title: 'Edited' }), 200);
    await call(v1('PATCH', `/entries/${draft}`, {}), 400);

    const at = new Date(Date.now() + 3_600_000).toISOString();
    await call(v1('POST', `/entries/${draft}/publish`, { at }), 200);
    await call(v1('DELETE', `/entries/${draft}/schedule`), 204);
    await call(v1('DELETE', '/entries/ent_missing/schedule'), 404);
    await call(v1('POST', `/entries/${draft}/publish`), 200);
    await call(v1('POST', '/entries/ent_missing/publish'), 404);
    published = draft;
    await call(v1('POST', `/entries/${published}/unpublish`), 200);
    await call(v1('POST', '/entries/ent_missing/unpublish'), 404);
    await call(v1('POST', `/entries/${published}/publish`, {}), 200);

    const doomed = (await call(v1('POST', '/entries', { title: 'Doomed', body: 'x' }), 201)).json().entry.id;
    await call(v1('DELETE', `/entries/${doomed}`), 204);
    await call(v1('DELETE', `/entries/${doomed}`), 404);
  });

  it('generate: a draft from commits, and a refused body', async () => {
    await call(v1('POST', '/entries/generate', { commits: ['feat: search', 'fix: crash on save'] }), 201);
    await call(v1('POST', '/entries/generate', { commits: [] }), 400);
  });

  it('a translation draft: by the provider, and 503 without one', async () => {
    // This server has no provider; another one does (nock serves its answer).
    const ai = await buildTestServer(
      { OPENAI_API_KEY: 'sk-test-0123456789abcdefwxyz', OPENAI_BASE_URL: AI_BASE_URL },
      { workers: false },
    );
    try {
      for (const [target, h] of [
        [server, headers],
        [ai, (await ai.project('pro')).headers],
      ] as const) {
        const options = (method: InjectOptions['method'], url: string, payload?: object) => ({
          ...v1(method, url, payload),
          headers: h,
        });
        const send = async (o: InjectOptions & { url: string }, status: number) => {
          const res = await target.app.inject(o);
          expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
          conformance.check(o.method ?? 'GET', o.url, res);
          return res;
        };
        await send(options('PATCH', '/project', { locales: ['de'] }), 200);
        const id = (await send(options('POST', '/entries', { title: 'Dark', body: 'x' }), 201)).json().entry
          .id;
        if (target === server) {
          await send(options('POST', `/entries/${id}/translations/de/draft`), 503);
          continue;
        }
        const scope = aiScope()
          .post('/v1/chat/completions')
          .reply(200, openaiFixture('chat-completion-translation-de') as object);
        await send(options('POST', `/entries/${id}/translations/de/draft`), 200);
        expect(scope.isDone()).toBe(true);
        await send(options('POST', `/entries/${id}/translations/es/draft`), 400);
      }
    } finally {
      await ai.close();
    }
  });

  it('import: releases of the history, and one dated in the future', async () => {
    const release = { version: '0.9.0', publishedAt: '2023-05-01T12:00:00Z', notes: '- First steps.' };
    await call(v1('POST', '/entries/import', { releases: [release], repository: 'octo/app' }), 201);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await call(v1('POST', '/entries/import', { releases: [{ ...release, publishedAt: later }] }), 400);
    await call(v1('GET', '/entries?origin=import'), 200);
  });

  it('the drafting profile: read, reset, and refused without a key', async () => {
    await call(v1('GET', '/drafting/profile'), 200);
    await call({ method: 'GET', url: '/api/v1/drafting/profile' }, 401);
    await call(v1('DELETE', '/drafting/profile'), 204);
    await call({ method: 'DELETE', url: '/api/v1/drafting/profile' }, 401);
  });

  it('an Idempotency-Key replay and a reuse with another body', async () => {
    const keyed = { ...headers, 'idempotency-key': 'conformance-1' };
    const body = { title: 'Once', body: 'x' };
    await call({ ...v1('POST', '/entries', body), headers: keyed }, 201);
    const replay = await call({ ...v1('POST', '/entries', body), headers: keyed }, 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await call({ ...v1('POST', '/entries', { ...body, title: 'Twice' }), headers: keyed }, 422);
  });

  it('channels: create, list, deliver, deliveries, delete; the delivery is the documented webhook', async () => {
    const created = await call(
      v1('POST', '/channels', { type: 'webhook', url: `${receiver.base}/hook` }),
      201,
    );
    const channel = created.json().channel;
    expect(channel.secret).toMatch(/^whsec_/);
    await call(v1('POST', '/channels', { type: 'pigeon', url: 'https://x.example' }), 400);
    await call(v1('GET', '/channels'), 200);
    await call({ method: 'GET', url: '/api/v1/channels' }, 401);

    const entry = (
      await call(v1('POST', '/entries', { title: 'Shipped', body: 'x', publish: true }), 201)
    ).json().entry.id;
    // Earlier tests' publications may reach the new channel too: find this entry's delivery.
    const event = await waitUntil('the entry delivered', () =>
      receiver.received.map((r) => JSON.parse(r.body)).find((e) => e.data?.entry?.id === entry),
    );
    conformance.checkComponent('WebhookEvent', event);

    // The delivery's job records it after the receiver answered: wait for that, so the row's state is final.
    const deliveries = await waitUntil('the delivery recorded', async () => {
      const list = (await call(v1('GET', `/channels/${channel.id}/deliveries`), 200)).json().deliveries;
      return list.some((d: { status: string }) => d.status === 'delivered') && list;
    });
    await call(v1('POST', `/channels/${channel.id}/test`), 202);
    await call(v1('POST', '/channels/chn_missing/test'), 404);
    const retry = v1(
      'POST',
      `/channels/${channel.id}/deliveries/${deliveries.find((d: { status: string }) => d.status === 'delivered').id}/retry`,
    );
    await call(retry, 409);
    // A failed delivery (as after its last attempt) can be retried.
    await server.db
      .sql`update channel_deliveries set status = 'failed' where id = ${deliveries.find((d: { status: string }) => d.status === 'delivered').id}`;
    await call(retry, 202);
    await call(v1('PATCH', `/channels/${channel.id}`, { enabled: false }), 200);
    await call(v1('PATCH', `/channels/${channel.id}`, { enabled: 'no' }), 400);
    await call(v1('GET', '/channels/chn_missing/deliveries'), 404);
    await call(v1('DELETE', `/channels/${channel.id}`), 204);
    await call(v1('DELETE', `/channels/${channel.id}`), 404);
  });

  it('subscribers and analytics', async () => {
    await insertSubscribers(server.db.sql, owner.project.id, [['sub_conf1', 'a@example.com']]);
    await call(v1('GET', '/subscribers'), 200);
    await call(v1('GET', '/subscribers?status=gone'), 400);
    await call(v1('GET', '/subscribers/counts'), 200);
    await call({ url: '/api/v1/subscribers/counts' }, 401);
    await call(v1('GET', '/subscribers/export'), 200);
    await call(v1('GET', '/subscribers/export?status=gone'), 400);
    await call(v1('DELETE', '/subscribers/sub_conf1'), 204);
    await call(v1('DELETE', '/subscribers/sub_conf1'), 404);
    await call(v1('GET', '/analytics'), 200);
    await call(v1('GET', '/analytics?from=yesterday'), 400);
    for (const chart of ['daily', 'entries', 'subscribers']) {
      await call(v1('GET', `/analytics/${chart}?days=7`), 200);
      await call(v1('GET', `/analytics/${chart}?days=8`), 400);
    }
  });
});

describe('public endpoints and pages', () => {
  let entryId: string;
  let entrySlug: string;
  let slug: string;

  beforeAll(async () => {
    slug = owner.project.slug;
    const created = await server.app.inject(
      v1('POST', '/entries', { title: 'Public news', body: 'x', publish: true }),
    );
    ({ id: entryId, slug: entrySlug } = created.json().entry);
  });

  it('widget, feeds, page, preview, theme', async () => {
    const widget = await call({ url: `/api/widget/${slug}` }, 200);
    await call(
      { url: `/api/widget/${slug}`, headers: { 'if-none-match': String(widget.headers.etag) } },
      304,
    );
    await call({ url: '/api/widget/nobody' }, 404);
    for (const format of ['rss', 'atom', 'json']) await call({ url: `/api/feeds/${slug}/${format}` }, 200);
    await call({ url: `/api/feeds/${slug}/yaml` }, 404);
    await call({ url: `/changelog/${slug}` }, 200);
    await call({ url: '/changelog/nobody' }, 404);
    await call({ url: '/changelog/nobody', headers: { accept: 'text/html' } }, 404);
    await call({ url: `/changelog/${slug}/${entrySlug}` }, 200);
    await call({ url: `/changelog/${slug}/no-such-entry` }, 404);
    const draft = (await server.app.inject(v1('POST', '/entries', { title: 'Soon', body: 'x' }))).json().entry
      .id;
    const { previewUrl } = (await server.app.inject(v1('GET', `/entries/${draft}`))).json().entry;
    await call({ url: new URL(previewUrl).pathname }, 200);
    await call({ url: `/changelog/${slug}/preview/forged` }, 404);
    await call({ url: `/changelog/${slug}/theme.css` }, 200);
    await call({ url: '/changelog/nobody/theme.css' }, 404);
  });

  it('search: the widget JSON and the page', async () => {
    await call({ url: `/api/widget/${slug}/search?q=news` }, 200);
    await call({ url: `/api/widget/${slug}/search?q=` }, 400);
    await call({ url: '/api/widget/nobody/search?q=news' }, 404);
    await call({ url: `/changelog/${slug}/search?q=news` }, 200);
    await call({ url: `/changelog/${slug}/search?q=${'x'.repeat(201)}` }, 400);
    await call({ url: '/changelog/nobody/search?q=news' }, 404);
  });

  it('the widget script and its demo page', async () => {
    const redirect = await call({ url: '/widget.js' }, 302);
    await call({ url: String(redirect.headers.location) }, 200);
    await call({ url: '/widget.0000.js' }, 404);
    await call({ url: `/demo/${slug}` }, 200);
    await call({ url: '/demo/nobody' }, 404);
  });

  it('uploads', async () => {
    const upload = newId('upl');
    await insertUpload(server.db.sql, {
      id: upload,
      projectId: owner.project.id,
      uploadedBy: null,
      mediaType: 'image/png',
      bytes: PNG,
    });
    await call({ url: `/uploads/${upload}.png` }, 200);
    await call({ url: '/uploads/upl_missing.png' }, 404);
  });

  it('subscribe, confirm, unsubscribe', async () => {
    await call(
      { method: 'POST', url: '/api/subscribe', payload: { project: slug, email: 'reader@example.com' } },
      202,
    );
    await call(
      {
        method: 'POST',
        url: '/api/subscribe',
        headers: { accept: 'text/html' },
        payload: { project: slug, email: 'reader@example.com' },
      },
      202,
    );
    await call(
      { method: 'POST', url: '/api/subscribe', payload: { project: slug, email: 'not an address' } },
      400,
    );
    await insertSubscribers(server.db.sql, owner.project.id, [['sub_conf2', 'b@example.com', 'pending']]);
    const { token, hash } = newConfirmToken();
    await addConfirmationLink(server.db.sql, 'sub_conf2', hash);
    await call({ url: `/api/subscribe/confirm?token=${token}` }, 200);
    await call({ url: '/api/subscribe/confirm?token=unknown' }, 404);
    await call({ method: 'POST', url: `/api/subscribe/confirm?token=${token}` }, 200);
    await call({ method: 'POST', url: `/api/subscribe/confirm?token=${token}` }, 404);
    const unsubscribe = `/api/unsubscribe?token=${unsubscribeToken(server.app.shiplog.unsubscribeSecret, 'sub_conf2')}`;
    await call({ url: unsubscribe }, 200);
    await call({ url: '/api/unsubscribe?token=forged' }, 404);
    await call({ method: 'POST', url: unsubscribe }, 200);
    await call({ method: 'POST', url: '/api/unsubscribe?token=forged' }, 404);
  });

  it('reactions and analytics', async () => {
    const anonymousId = 'reader-conformance';
    await call(
      { method: 'POST', url: '/api/reactions', payload: { entryId, emoji: '🎉', anonymousId } },
      200,
    );
    await call(
      { method: 'POST', url: '/api/reactions', payload: { entryId, emoji: '🦆', anonymousId } },
      400,
    );
    await call(
      {
        method: 'POST',
        url: '/api/reactions',
        payload: { entryId: 'ent_missing', emoji: '🎉', anonymousId },
      },
      404,
    );
    await call(
      {
        method: 'POST',
        url: '/api/analytics',
        payload: { project: slug, type: 'view', entryId, anonymousId },
      },
      202,
    );
    await call(
      {
        method: 'POST',
        url: '/api/analytics',
        payload: { events: [{ project: slug, type: 'view', anonymousId }] },
      },
      202,
    );
    await call(
      {
        method: 'POST',
        url: '/api/analytics',
        payload: { events: [{ project: slug, type: 'nap', anonymousId }] },
      },
      400,
    );
  });

  it('health and pages', async () => {
    await call({ url: '/healthz' }, 200);
    await call({ url: '/readyz' }, 200);
    await call({ url: '/' }, 200);
    await call({ url: '/docs/errors' }, 200);
  });
});

describe('the project and its readers', () => {
  it("settings, the reader secret, a reader's widget, feeds and page, and what they have seen", async () => {
    await call(v1('GET', '/project'), 200);
    await call({ url: '/api/v1/project' }, 401);
    await call(v1('PATCH', '/project', { theme: 'dark', searchLanguage: 'english' }), 200);
    await call(v1('PATCH', '/project', { access: 'secret' }), 400);
    const { secret } = (await call(v1('POST', '/project/reader-secret'), 201)).json();
    await call({ method: 'POST', url: '/api/v1/project/reader-secret' }, 401);
    const slug = owner.project.slug;
    const token = await signReaderToken(secret, { sub: 'reader-1', segments: ['beta'] });
    const reader = { 'x-shiplog-reader': token };
    const widget = await call({ url: `/api/widget/${slug}`, headers: reader }, 200);
    await call({ url: `/api/widget/${slug}`, headers: { 'x-shiplog-reader': 'forged' } }, 401);
    const { links, entries } = widget.json();
    for (const link of [links.rss, links.json, links.page, entries[0].url]) {
      const url = new URL(link);
      await call({ url: url.pathname + url.search }, 200);
    }
    await call({ url: `/api/feeds/${slug}/rss?token=forged` }, 401);
    await call({ url: `/changelog/${slug}?token=forged` }, 401);
    await call({ url: `${new URL(entries[0].url).pathname}?token=forged` }, 401);
    const seen = `/api/widget/${slug}/seen`;
    await call(
      { method: 'POST', url: seen, headers: reader, payload: { lastSeenAt: entries[0].publishedAt } },
      200,
    );
    await call({ method: 'POST', url: seen, headers: reader, payload: { announcementId: 'ent_none' } }, 404);
    await call({ method: 'POST', url: seen, payload: { lastSeenAt: entries[0].publishedAt } }, 401);
    await call({ method: 'POST', url: seen, headers: reader, payload: {} }, 400);
    // An identified project: nothing for anonymous readers.
    await call(v1('PATCH', '/project', { access: 'identified' }), 200);
    await call({ url: `/api/widget/${slug}` }, 401);
    await call(v1('PATCH', '/project', { access: 'public' }), 200);
  });
});

/** Operations no client can make fail: they take no input and need nothing that can be missing. */
const NO_CLIENT_ERROR = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /',
  'GET /docs/errors',
  'GET /widget.js',
]);

describe('coverage', () => {
  it('saw every operation answer a success and (but a few) an error, each error a declared status', () => {
    const missing: string[] = [];
    for (const name of conformance.operations()) {
      const seen = conformance.seen.get(name) ?? [];
      if (!seen.some((s) => s.status < 400)) missing.push(`${name}: no success`);
      if (!NO_CLIENT_ERROR.has(name) && !seen.some((s) => s.status >= 400)) missing.push(`${name}: no error`);
      for (const s of seen)
        if (s.status >= 400 && s.status < 500 && s.viaDefault)
          missing.push(`${name}: ${s.status} only via default`);
    }
    expect(missing).toEqual([]);
  });
});
