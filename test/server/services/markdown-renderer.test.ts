/**
 * Rendering is fair across projects and its budget counts rendering only (SHIPLOG_RENDER_TIMEOUT_MS),
 * over HTTP with a pool of 2 threads: one project's pathological bodies neither fail nor hold up
 * another project's ordinary body, and bodies queued behind others are timed from their start.
 *
 * The budget runs on a clock the test moves (the renderer's `timer`), never on the wall clock: what
 * these tests check does not depend on how fast the machine is or how busy it is.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { type RenderClock, renderClock, renderOnClock } from '../../helpers/render-clock.ts';

const BUDGET_MS = 1_500;

let server: TestServer;
let clock: RenderClock;

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_RENDER_THREADS: '2' }, { workers: false });
  clock = renderClock();
  await renderOnClock(server, clock, BUDGET_MS);
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

  clock.reset();
  const slow = [
    track('A1', create(a.headers, emphasis(49_000), 'A one')),
    track('A2', create(a.headers, emphasis(49_000), 'A two')),
  ];
  // Both of A's bodies reached the renderer, and one of them is rendering (A's half of the pool).
  await vi.waitFor(() => expect([clock.asked, clock.running]).toEqual([2, 1]), { timeout: 30_000 });
  const ordinary = await track('B', create(b.headers, 'Toggle it in **Settings**.', 'B'));
  expect(ordinary.statusCode, ordinary.body).toBe(201);
  const stored = await server.app.inject({
    method: 'GET',
    url: `/api/v1/entries/${ordinary.json().entry.id}`,
    headers: b.headers,
  });
  expect(stored.json().entry.html).toBe('<p>Toggle it in <strong>Settings</strong>.</p>\n');

  // A's bodies run out of budget, one after the other.
  clock.advance(BUDGET_MS);
  await vi.waitFor(() => expect(clock.running).toBe(1), { timeout: 30_000 });
  clock.advance(BUDGET_MS);
  for (const res of await Promise.all(slow)) {
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ pointer: '/body', detail: 'too complex to render' }]);
  }
  // B's body did not wait for a thread behind A's: it was answered while A's were still rendering
  // (which of A's two was refused first does not matter).
  expect(answered[0]).toBe('B');
  expect(answered.slice(1).sort()).toEqual(['A1', 'A2']);
}, 120_000);

it('times each body from the start of its own rendering, not from when it was queued', async () => {
  const a = await server.project('pro');
  // Each render takes two thirds of the budget on the test's clock. Twelve bodies take turns on A's
  // share of the pool (one thread of two): the last starts seven budgets after it was sent, past the
  // budget if queueing counted, and still renders.
  clock.onStop = () => clock.advance((BUDGET_MS * 2) / 3);
  try {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(a.headers, `Body **${i}**`, `Body ${i}`)),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
  } finally {
    clock.reset();
  }
}, 120_000);
