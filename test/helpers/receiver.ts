/**
 * A channel receiver on loopback: records every request (path, headers, body) and answers 204 (or
 * `options.status`), or the statuses scripted for a path, in turn. For channel and dispatch tests (with
 * SHIPLOG_ALLOW_PRIVATE_DESTINATIONS=true).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingMessage['headers']; body: string };

export type Receiver = {
  /** `http://127.0.0.1:<port>` */
  base: string;
  received: Received[];
  /** Per path: the statuses to answer, in turn (then the default). */
  script: Map<string, number[]>;
  /** The requests `path` received, waiting (bounded) until there are `n`. */
  receivedAt(path: string, n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
};

export async function startReceiver(options: { status?: number } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const script = new Map<string, number[]>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = script.get(req.url ?? '')?.shift() ?? options.status ?? 204;
      res.writeHead(status, status === 429 ? { 'retry-after': '1' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    script,
    async receivedAt(path, n, timeoutMs = 15_000) {
      const at = () => received.filter((r) => r.path === path);
      const deadline = Date.now() + timeoutMs;
      while (at().length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return at();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
