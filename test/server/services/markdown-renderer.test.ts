/**
 * Rendering is fair across projects and its budget counts rendering only (SHIPLOG_RENDER_TIMEOUT_MS),
 * over HTTP with a pool of 2 threads and a 1.5 s budget: one project's pathological bodies (seconds each) neither fail nor
 * hold up another project's ordinary body, and bodies queued behind others are timed from their start.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer(
    { SHIPLOG_RENDER_THREADS: '2', SHIPLOG_RENDER_TIMEOUT_MS: '1500' },
    { workers: false },
  );
});
afterAll(() => server.close());

/** marked's emphasis parsing is quadratic on `_a` repeated: 49,000 times takes about 11 s. */
const emphasis = (n: number) => '_a'.repeat(n);

const create = (headers: Record<string, string>, body: string, title: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/entries', headers, payload: { title, body } });

it("answers another project's ordinary body while one project's pathological bodies render", async () => {
  const a = await server.project('pro');
  const b = await server.project('pro');
  const answered: string[] = [];
  const track = (name: string, request: Promise<LightMyRequestResponse>) =>
    request.then((res) => {
      answered.push(name);
      return res;
    });

  const slow = [
    track('A1', create(a.headers, emphasis(49_000), 'A one')),
    track('A2', create(a.headers, emphasis(49_000), 'A two')),
  ];
  // Both of A's bodies reach the renderer first (each request is a few queries away from it).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const ordinary = await track('B', create(b.headers, 'Toggle it in **Settings**.', 'B'));
  expect(ordinary.statusCode, ordinary.body).toBe(201);
  const stored = await server.app.inject({
    method: 'GET',
    url: `/api/v1/entries/${ordinary.json().entry.id}`,
    headers: b.headers,
  });
  expect(stored.json().entry.html).toBe('<p>Toggle it in <strong>Settings</strong>.</p>\n');

  for (const res of await Promise.all(slow)) {
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ pointer: '/body', detail: 'too complex to render' }]);
  }
  // B's body did not wait for a thread behind A's: it was answered while A's were still rendering
  // (which of A's two was refused first does not matter).
  expect(answered[0]).toBe('B');
  expect(answered.slice(1).sort()).toEqual(['A1', 'A2']);
});

it('times each body from the start of its own rendering, not from when it was queued', async () => {
  const a = await server.project('pro');
  // Sixty bodies of about 60 ms each on a quiet machine (a twenty-fifth of the 1.5 s budget, so a
  // machine running other tests beside this one cannot push one over it). They take turns on A's share
  // of the pool (one thread of two): the last starts 3-4 s after it was sent, past the budget if
  // queueing counted, and still renders.
  const results = await Promise.all(
    Array.from({ length: 60 }, (_, i) => create(a.headers, emphasis(3_500), `Heavy ${i}`)),
  );
  for (const res of results) expect(res.statusCode, res.body).toBe(201);
  // Sixty renders in turn: on a machine shared with other work that can pass the default 30 s.
}, 120_000);
