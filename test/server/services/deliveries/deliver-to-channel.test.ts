/**
 * One project's slow receivers do not slow another's deliveries (docs/api.md#channels-key-authenticated):
 * project A's five channels point at a receiver that trickles one byte every 3 s and never finishes its
 * answer; project B's channel answers at once. Each attempt has one 10 s budget, connect to status
 * line, after which its socket is closed; A runs at most 2 attempts at a time, so B's delivery is
 * fetched and delivered while A's attempts are still hanging. Real receivers on loopback (allowed by
 * SHIPLOG_ALLOW_PRIVATE_DESTINATIONS), the real job queue, PGlite or PostgreSQL (DATABASE_URL).
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { waitUntil } from '../../../helpers/wait-until.ts';

type Trickled = { opened: number; closed: number | null; socket: Socket };
const trickled: Trickled[] = [];
let trickle: Server;
let trickleUrl: string;
const delivered: { at: number; body: string }[] = [];
let fast: HttpServer;
let fastUrl: string;
let server: TestServer;

beforeAll(async () => {
  // Reads the request, then sends "HTTP/1.1 200 OK…" one byte every 3 s: never idle for 10 s.
  trickle = createServer((socket) => {
    const entry: Trickled = { opened: Date.now(), closed: null, socket };
    trickled.push(entry);
    const answer = 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'.repeat(10);
    let sent = 0;
    const timer = setInterval(() => socket.write(answer[sent++ % answer.length]!), 3000);
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      entry.closed = Date.now();
    });
  });
  await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
  trickleUrl = `http://127.0.0.1:${(trickle.address() as { port: number }).port}`;
  fast = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      delivered.push({ at: Date.now(), body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => fast.listen(0, '127.0.0.1', resolve));
  fastUrl = `http://127.0.0.1:${(fast.address() as { port: number }).port}`;
  server = await buildTestServer({ SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true' });
});
afterAll(async () => {
  for (const t of trickled) t.socket.destroy();
  await server.close();
  await new Promise((resolve) => trickle.close(resolve));
  await new Promise((resolve) => fast.close(resolve));
});

it(
  "delivers another project's entry while one project's receivers trickle, and cuts each attempt at 10 s",
  { timeout: 60_000 },
  async () => {
    const a = await server.project('pro');
    const b = await server.project('pro');
    for (let i = 0; i < 5; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/channels',
        headers: a.headers,
        payload: { type: 'webhook', url: `${trickleUrl}/a${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const channel = await server.app.inject({
      method: 'POST',
      url: '/api/v1/channels',
      headers: b.headers,
      payload: { type: 'webhook', url: `${fastUrl}/b` },
    });
    expect(channel.statusCode, channel.body).toBe(201);

    await createEntry(server.app, a.headers, { title: 'From A', publish: true });
    // A's attempts are hanging on the trickling receiver.
    await waitUntil('A connected', () => (trickled.length >= 2 ? true : undefined), 15_000, 25);
    const published = Date.now();
    await createEntry(server.app, b.headers, { title: 'From B', publish: true });
    const got = await waitUntil('B delivered', () => delivered[0], 15_000, 25);
    expect(JSON.parse(got.body).data.entry.title).toBe('From B');
    // B's delivery did not wait for A's: every one of A's attempts was still open when it arrived,
    // and A never ran more than 2 at a time.
    expect(trickled.every((t) => t.closed === null)).toBe(true);
    expect(trickled).toHaveLength(2);

    // Each of A's attempts ends at its budget: the socket is closed, the delivery will be retried.
    const first = await waitUntil(
      'an A socket closed',
      () => trickled.find((t) => t.closed !== null),
      20_000,
      25,
    );
    const row = await waitUntil(
      "A's first attempt recorded",
      async () =>
        (
          await server.db.sql<{ status: string; attempts: number; lastError: string }[]>`
            select status, attempts, last_error from channel_deliveries d join channels c on c.id = d.channel_id
            where c.project_id = ${a.project.id} and d.attempts > 0 limit 1`
        )[0],
      5_000,
      25,
    );
    expect(row).toEqual({ status: 'pending', attempts: 1, lastError: 'timed out after 10 s' });
    // Figures for the record (not asserted): B's delay after its publish, A's attempt duration.
    console.info(
      `channel fairness: B delivered ${got.at - published} ms after its publish; A's attempt lasted ${first.closed! - first.opened} ms`,
    );
  },
);
