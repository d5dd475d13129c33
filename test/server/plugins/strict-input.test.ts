/**
 * Bad input on every route gets a problem document in the contract's shape, never a 500 (docs/api.md#input-rules, docs/api.md#errors): U+0000 anywhere, charsets and bytes that are not UTF-8, bodies on routes that
 * take none, query numbers that are not plain decimal, and what Fastify or Node refuse before routing.
 * Request logs never carry the tokens of email links.
 */
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../../core/contract/problem.ts';
import { captureLogs, useTestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';
import { jsonRoutes } from '../../helpers/json-routes.ts';

const { lines: logLines, logger } = captureLogs();
const { server, headers, owner } = useTestServer({}, { logger });
let slug: string;
let entryId: string;

beforeAll(async () => {
  slug = owner.project.slug;
  entryId = await createEntry(server.app, headers, { title: 'Published', publish: true });
});

function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => any },
  status: number,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const problem = ProblemSchema.parse(res.json());
  expect(problem.status).toBe(status);
  expect(res.headers['x-request-id']).toBe(problem.requestId);
  return problem;
}

describe('U+0000', () => {
  it('is 404 in a path identifier and 400 with a pointer in a query or body, on every route', async () => {
    expectProblem(await server.app.inject('/api/widget/al%00pha'), 404);
    expectProblem(await server.app.inject({ url: '/api/v1/entries/ent_%00x', headers }), 404);
    const cursor = expectProblem(
      await server.app.inject({ url: '/api/v1/entries?cursor=a%00b', headers }),
      400,
    );
    expect(cursor.errors).toEqual([
      { pointer: '/query/cursor', detail: 'Must not contain NUL (U+0000) characters' },
    ]);

    const cases: [string, object, string][] = [
      ['/api/subscribe', { project: `${slug}\u0000`, email: 'a@example.com' }, '/project'],
      [
        '/api/reactions',
        { entryId: `${entryId}\u0000`, emoji: '👍', anonymousId: 'reader-0001' },
        '/entryId',
      ],
      [
        '/api/analytics',
        { project: slug, type: 'view', anonymousId: 'reader-0001', url: 'https://a\u0000' },
        '/url',
      ],
      [
        '/api/analytics',
        { events: [{ project: slug, type: 'view', anonymousId: 'r\u0000-0001' }] },
        '/events/0/anonymousId',
      ],
    ];
    for (const [url, payload, pointer] of cases) {
      const problem = expectProblem(await server.app.inject({ method: 'POST', url, payload }), 400);
      expect(problem.errors?.[0]?.pointer, url).toBe(pointer);
    }
  });
});

describe('a query string that is not UTF-8 once percent-decoded', () => {
  it('is 400 invalid at its field on public and keyed routes, never a value kept or replaced', async () => {
    const cases: [string, Record<string, string>, string][] = [
      [`/api/widget/${slug}/search?q=%FF`, {}, '/query/q'],
      [`/changelog/${slug}/search?q=caf%C3`, {}, '/query/q'],
      [`/api/feeds/${slug}/rss?component=%E2%82`, {}, '/query/component'],
      [`/api/widget/${slug}?token=%C0%AF`, {}, '/query/token'],
      ['/api/v1/entries?q=%FF%FE', headers, '/query/q'],
      ['/api/v1/subscribers?cursor=a%ED%A0%80', headers, '/query/cursor'],
      [`/api/widget/${slug}?%FF=1`, {}, '/query'],
    ];
    for (const [url, h, pointer] of cases) {
      const problem = expectProblem(await server.app.inject({ url, headers: h }), 400);
      expect(problem.code, url).toBe('invalid');
      expect(problem.errors?.[0]?.pointer, url).toBe(pointer);
    }
    // The same text well encoded is searched for; a `%` that starts no escape is a `%`.
    expect((await server.app.inject(`/api/widget/${slug}/search?q=caf%C3%A9`)).statusCode).toBe(200);
    expect((await server.app.inject(`/api/widget/${slug}/search?q=100%25+sure`)).statusCode).toBe(200);
    expect((await server.app.inject(`/api/widget/${slug}/search?q=50%+off`)).statusCode).toBe(200);
  });
});

describe('JSON nested deep', () => {
  it('is 400 invalid on every JSON route, public or keyed, at any depth past 32', async () => {
    const draftId = await createEntry(server.app, headers, { title: 'Deep draft' });
    const routes = jsonRoutes({ headers, draftId });
    expect(routes).toHaveLength(11);
    const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    for (const body of [arrays(3000), objects(2000), `{"title":${arrays(5000)}}`, arrays(33)]) {
      for (const route of routes) {
        const res = await server.app.inject({
          ...route,
          headers: { ...route.headers, 'content-type': 'application/json' },
          payload: body,
        });
        // One-click unsubscribe takes 4 KiB at most: a larger body is refused by size first.
        if (route.url.startsWith('/api/unsubscribe') && body.length > 4096) {
          expectProblem(res, 413);
          continue;
        }
        const problem = expectProblem(res, 400);
        expect(problem.errors, route.url).toEqual([
          { pointer: '', detail: 'Must not nest objects and arrays deeper than 32 levels' },
        ]);
      }
    }
    // 32 levels is still JSON the schema judges (here: not an entry).
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: objects(31),
    });
    expect(expectProblem(res, 400).errors?.[0]?.detail).not.toMatch(/nest/);
    expect(
      (await server.app.inject({ url: `/api/v1/entries/${draftId}`, headers })).json().entry.status,
    ).toBe('draft');
  });
});

describe('lone surrogates', () => {
  it('are 400 with a pointer in any string or key, an e-mail address included; nothing is stored', async () => {
    const before = (await server.app.inject({ url: '/api/v1/entries?limit=100', headers })).json().entries
      .length;
    const cases: [string, string, Record<string, string>, string][] = [
      ['/api/subscribe', `{"project":"${slug}","email":"a\\ud800@example.com"}`, {}, '/email'],
      ['/api/subscribe', `{"project":"${slug}","email":"\\udfff@example.com"}`, {}, '/email'],
      ['/api/v1/entries', '{"title":"Half \\ud83d","body":"x"}', headers, '/title'],
      ['/api/v1/entries', '{"title":"Ok","body":"x \\ude00 y"}', headers, '/body'],
      ['/api/v1/entries', '{"title":"Ok","body":"x","\\ud800":1}', headers, '/\ud800'],
      [
        '/api/analytics',
        `{"events":[{"project":"${slug}","type":"view","anonymousId":"reader-0001","url":"https://a/\\udc00"}]}`,
        {},
        '/events/0/url',
      ],
    ];
    for (const [url, payload, extra, pointer] of cases) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        headers: { ...extra, 'content-type': 'application/json' },
        payload,
      });
      const problem = expectProblem(res, 400);
      expect(problem.errors, payload).toEqual([
        { pointer, detail: 'Must not contain a lone surrogate (an unpaired UTF-16 code unit)' },
      ]);
    }
    // A pair is one character, and fine.
    const ok = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"title":"Party \\ud83c\\udf89","body":"x"}',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const after = (await server.app.inject({ url: '/api/v1/entries?limit=100', headers })).json().entries;
    expect(after).toHaveLength(before + 1);
    expect(after[0].title).toBe('Party 🎉');
  });
});

describe('JSON bodies', () => {
  const post = (contentType: string, payload: string | Buffer) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });

  it('are UTF-8: another charset is 415, invalid bytes are 400 and never replaced', async () => {
    const json = JSON.stringify({ title: 'Charset', body: 'x' });
    expectProblem(await post('application/json; charset=iso-8859-1', json), 415);
    expectProblem(await post('application/json; charset=utf-16', json), 415);
    expect((await post('application/json; charset=UTF-8', json)).statusCode).toBe(201);
    const bad = Buffer.concat([
      Buffer.from('{"title":"bad'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","body":"x"}'),
    ]);
    const problem = expectProblem(await post('application/json', bad), 400);
    expect(problem.detail).toBe('The body is not valid UTF-8');
  });

  it('publish and unpublish take no body: empty or {} only', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'Strict publish', body: 'x' },
    });
    const id = created.json().entry.id;
    const withBody = await server.app.inject({
      method: 'POST',
      url: `/api/v1/entries/${id}/publish`,
      headers,
      payload: { x: 1 },
    });
    expect(expectProblem(withBody, 400).errors).toEqual([{ pointer: '/x', detail: 'Unknown field' }]);
    const entry = await server.app.inject({ url: `/api/v1/entries/${id}`, headers });
    expect(entry.json().entry.status).toBe('draft');
    const empty = await server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers });
    expect(empty.statusCode).toBe(200);
    const emptyObject = await server.app.inject({
      method: 'POST',
      url: `/api/v1/entries/${id}/unpublish`,
      headers,
      payload: {},
    });
    expect(emptyObject.statusCode).toBe(200);
  });
});

describe('query numbers', () => {
  it('are plain decimal integers in range, with one error per field', async () => {
    for (const limit of ['1e1', '0x10', '%201', '10.0', '-1', '0', '101', '99999999999999999999']) {
      const problem = expectProblem(
        await server.app.inject({ url: `/api/v1/entries?limit=${limit}`, headers }),
        400,
      );
      expect(problem.errors, limit).toEqual([
        { pointer: '/query/limit', detail: 'must be a whole number from 1 to 100' },
      ]);
    }
    expect((await server.app.inject({ url: '/api/v1/entries?limit=10', headers })).statusCode).toBe(200);
    expectProblem(await server.app.inject({ url: '/api/v1/subscribers?limit=1e1', headers }), 400);
  });
});

describe('errors raised before routing', () => {
  it('a path that cannot be decoded or a path parameter that is too long: 404 problem, CORS on public routes', async () => {
    const bad = await server.app.inject('/api/widget/%ff');
    expect(expectProblem(bad, 404).code).toBe('not_found');
    expect(bad.headers['access-control-allow-origin']).toBe('*');
    const long = await server.app.inject(`/api/widget/${'a'.repeat(5000)}`);
    const problem = expectProblem(long, 404);
    expect(long.body).not.toContain('aaaa');
    expect(problem.code).toBe('not_found');
  });

  it('headers over 16 KB: a 431 problem document with a request id, over a real socket', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    // A raw socket: what Node's parser refuses never reaches an HTTP client library (or nock).
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.end(`GET /api/widget/${slug} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    });
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    const res = {
      status: Number(head.split(' ')[1]),
      headers: Object.fromEntries(
        head
          .split('\r\n')
          .slice(1)
          .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      ),
      body,
    };
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const problem = ProblemSchema.parse(JSON.parse(res.body));
    expect(problem).toMatchObject({ status: 431, code: 'invalid' });
    expect(res.headers['x-request-id']).toBe(problem.requestId);
  });
});

describe('request logs', () => {
  it('redact the tokens of confirmation and unsubscribe links', async () => {
    await server.app.inject('/api/subscribe/confirm?token=secret-confirm-token-123');
    await server.app.inject({ method: 'POST', url: '/api/unsubscribe?token=secret-unsub-token-456' });
    const log = logLines.join('');
    expect(log).toContain('/api/subscribe/confirm?token=[redacted]');
    expect(log).not.toContain('secret-confirm-token-123');
    expect(log).not.toContain('secret-unsub-token-456');
    expect(log).not.toContain(headers.authorization!.slice(7));
  });
});
