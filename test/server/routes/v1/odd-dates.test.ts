/**
 * Times outside what the database can carry (year 0; year 10000 once the offset is applied) are
 * `400 invalid` at their field, never a 500, on every route that takes a time: create's `publishAt`,
 * publish's `at`, generate's `publishAt`, an imported release's `publishedAt` and the widget's
 * `lastSeenAt`; the first and last instants of the range are taken and read back as given. The API
 * document's schema of each of those fields says the same range.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });

const YEAR_ZERO = '0000-01-01T00:00:00Z';
/** 9999-12-31 in its own zone, 10000-01-01T23:58:59Z in UTC. */
const PAST_9999 = '9999-12-31T23:59:59-23:59';
const BEFORE_1970 = '1969-12-31T23:59:59Z';
const ODD = [YEAR_ZERO, PAST_9999, BEFORE_1970, '1970-01-01T00:30:00+01:00'];
const EDGES = ['1970-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59+05:00'];

const post = (url: string, payload: object, extra: Record<string, string> = headers) =>
  server.app.inject({ method: 'POST', url, headers: extra, payload });

function expectRefusedAt(res: { statusCode: number; body: string }, pointer: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(JSON.parse(res.body).errors).toEqual([
    { pointer, detail: expect.stringMatching(/from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z/) },
  ]);
}

let readerHeaders: Record<string, string>;
beforeAll(async () => {
  const secret = await createReaderSecret(server, headers);
  readerHeaders = { 'x-shiplog-reader': await signReaderToken(secret, { sub: 'ada' }) };
});

describe('a time outside 1970-01-01 .. 9999-12-31 (UTC)', () => {
  it('is 400 at its field on create, publish, generate, import and seen', async () => {
    const draft = await postEntry(server.app, headers, { title: 'Later' });
    for (const at of ODD) {
      expectRefusedAt(await post('/api/v1/entries', { title: 'x', body: 'y', publishAt: at }), '/publishAt');
      expectRefusedAt(await post(`/api/v1/entries/${draft.id}/publish`, { at }), '/at');
      expectRefusedAt(
        await post('/api/v1/entries/generate', { commits: ['feat: x'], publishAt: at }),
        '/publishAt',
      );
      expectRefusedAt(
        await post('/api/v1/entries/import', {
          releases: [{ version: '1.0.0', publishedAt: at, notes: '- x' }],
        }),
        '/releases/0/publishedAt',
      );
      expectRefusedAt(
        await post(`/api/widget/${owner.project.slug}/seen`, { lastSeenAt: at }, readerHeaders),
        '/lastSeenAt',
      );
    }
    // Nothing was written by any of them.
    const listed = await server.app.inject({ url: '/api/v1/entries', headers });
    expect(listed.json().entries.map((e: { title: string }) => e.title)).toEqual(['Later']);
  });

  it('the edges of the range are taken and read back as given', async () => {
    const [first, last, lastWithOffset] = EDGES;
    const imported = await post('/api/v1/entries/import', {
      releases: [{ version: '0.0.1', publishedAt: first, notes: '- The very first.' }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const entry = await server.app.inject({
      url: `/api/v1/entries/${imported.json().entries[0].id}`,
      headers,
    });
    expect(entry.json().entry.publishedAt).toBe('1970-01-01T00:00:00.000Z');

    for (const publishAt of [last, lastWithOffset]) {
      const scheduled = await postEntry(server.app, headers, { title: 'Much later', publishAt });
      const got = await server.app.inject({ url: `/api/v1/entries/${scheduled.id}`, headers });
      expect(got.json().entry.scheduledFor).toBe(new Date(publishAt!).toISOString());
    }
    const seen = await post(`/api/widget/${owner.project.slug}/seen`, { lastSeenAt: first }, readerHeaders);
    expect(seen.statusCode, seen.body).toBe(200);
  });

  it("is outside the API document's schema of each of those fields, and the edges inside", async () => {
    const doc = (await server.app.inject({ url: '/openapi.json' })).json();
    const resolve = (schema: Record<string, any>): Record<string, any> =>
      schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()]) : schema;
    const bodyOf = (path: string) =>
      resolve(doc.paths[path].post.requestBody.content['application/json'].schema);
    const fields = [
      bodyOf('/api/v1/entries').properties.publishAt,
      resolve(bodyOf('/api/v1/entries/{id}/publish').anyOf?.[0] ?? bodyOf('/api/v1/entries/{id}/publish'))
        .properties.at,
      bodyOf('/api/v1/entries/generate').properties.publishAt,
      resolve(bodyOf('/api/v1/entries/import').properties.releases.items).properties.publishedAt,
      bodyOf('/api/widget/{slug}/seen').properties.lastSeenAt,
    ].map(resolve);
    expect(fields).toHaveLength(5);
    for (const field of fields) {
      expect(field).toMatchObject({ type: 'string', format: 'date-time', pattern: expect.any(String) });
      const pattern = new RegExp(field.pattern, 'u');
      for (const at of ODD) expect(pattern.test(at), at).toBe(false);
      for (const at of EDGES) expect(pattern.test(at), at).toBe(true);
    }
  });
});
