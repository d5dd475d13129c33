/**
 * Widget GET throughput: the real route vs a bare Fastify route replying the same precomputed bytes,
 * autocannon with 50 connections, alternating rounds in one run; the figures are the medians of the
 * rounds. An anonymous reader of a public project is answered from memory before validation and reader
 * identity (server/routes/public/widget-hot-path.ts). Goal: ratio ≥ 1.0, p99 ≤ 1.1× (issue 36).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

const SERVER = join(import.meta.dirname, 'serve-widget.ts');
const CONNECTIONS = 50;
const SECONDS = 8;
const ROUNDS = 3;

/** Start bench/serve-widget.ts with `args`; resolves with what it prints once listening. */
export function start(
  args: string[],
): Promise<{ child: ChildProcess; info: { url: string; bytes?: string } }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ child, info: JSON.parse(out.split('\n')[0]!) });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** autocannon on `url`'s widget for SECONDS: requests per second and p99 latency (ms). */
export async function load(url: string, connections = CONNECTIONS): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({
    url: `${url}/api/widget/bench`,
    connections,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`errors during the run: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function widgetThroughput(): Promise<Record<string, number>> {
  const shiplog = await start(['shiplog']);
  const bare = await start(['bare', shiplog.info.bytes!]);
  try {
    const s: { rps: number; p99: number }[] = [];
    const b: { rps: number; p99: number }[] = [];
    await load(shiplog.info.url); // warm-up (JIT, caches)
    await load(bare.info.url);
    // Each round swaps which goes first (ABBA…), so neither always runs right after the other's load.
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) s.push(await load(shiplog.info.url));
      b.push(await load(bare.info.url));
      if (round % 2 === 1) s.push(await load(shiplog.info.url));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const shiplogRps = median(s.map((x) => x.rps));
    const bareRps = median(b.map((x) => x.rps));
    return {
      bodyBytes: Buffer.from(shiplog.info.bytes!, 'base64').length,
      shiplogRps: Math.round(shiplogRps),
      bareRps: Math.round(bareRps),
      ratio: Number((shiplogRps / bareRps).toFixed(3)),
      shiplogP99Ms: median(s.map((x) => x.p99)),
      bareP99Ms: median(b.map((x) => x.p99)),
    };
  } finally {
    shiplog.child.kill();
    bare.child.kill();
  }
}
