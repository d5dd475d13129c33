/**
 * Local HTTP stand-ins on a free loopback port, for child processes nock cannot reach (the Action's
 * committed bundle): `startJsonStandIn` answers JSON.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Listening = { url: string; close(): Promise<void> };

async function listenOnLoopback(server: Server): Promise<Listening> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** A request as a stand-in sees it: `path` without the query string, `body` as text. */
export type StandInRequest = { method: string; url: string; path: string; body: string };

/**
 * A JSON API stand-in: each request is recorded in `calls` as `METHOD url`, then answered with what
 * `answer` returns (status 200 unless given), or `404 {"message": "Not Found"}` for `undefined`.
 */
export function startJsonStandIn(
  calls: string[],
  answer: (req: StandInRequest) => { status?: number; json: unknown } | undefined,
): Promise<Listening> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const method = req.method ?? '';
      const url = req.url ?? '';
      calls.push(`${method} ${url}`);
      const reply = answer({ method, url, path: url.split('?')[0]!, body }) ?? {
        status: 404,
        json: { message: 'Not Found' },
      };
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(reply.json));
    });
  });
  return listenOnLoopback(server);
}
