/**
 * The widget's hot path with three locales in use against the same project with one (issue 39 bench,
 * docs/benchmarks.md): two server processes (bench/serve-widget.ts), the same 20 entries of real
 * release notes; in one the project lists `de` and `fr` and every entry is translated into both. The
 * same load on both: autocannon, 50 connections, each cycling through requests with `Accept-Language`
 * `en`, `de-DE,de;q=0.9` and `fr-CH, fr;q=0.9, en;q=0.8` (real browsers' headers), so the three-locale
 * project serves three cached copies and the one-locale project one. Rounds alternate, each swapping
 * which goes first; the figures are the medians of the rounds. Goal: ratio ≥ 0.95.
 */
import autocannon from 'autocannon';
import { start } from './widget-throughput.ts';

const CONNECTIONS = 50;
const SECONDS = 8;
const ROUNDS = 3;
const LANGUAGES = ['en', 'de-DE,de;q=0.9', 'fr-CH, fr;q=0.9, en;q=0.8'];

/** autocannon on `url`'s widget, cycling through the languages: requests per second and p99 (ms). */
async function load(url: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({
    url: `${url}/api/widget/bench`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: LANGUAGES.map((language) => ({ method: 'GET', headers: { 'accept-language': language } })),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`errors during the run: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Whether `url` answers each language in its own copy (three locales) or one (one locale). */
async function copies(url: string): Promise<number> {
  const etags = await Promise.all(
    LANGUAGES.map(async (language) => {
      const res = await fetch(`${url}/api/widget/bench`, { headers: { 'accept-language': language } });
      return res.headers.get('etag');
    }),
  );
  return new Set(etags).size;
}

export async function widgetLocalesBench(): Promise<Record<string, number>> {
  const three = await start(['locales', 'de,fr']);
  const one = await start(['shiplog']);
  try {
    const threeCopies = await copies(three.info.url);
    const oneCopy = await copies(one.info.url);
    if (threeCopies !== 3 || oneCopy !== 1)
      throw new Error(`expected 3 and 1 copies per language, got ${threeCopies} and ${oneCopy}`);
    await load(three.info.url); // warm-up (JIT, caches)
    await load(one.info.url);
    const t: { rps: number; p99: number }[] = [];
    const o: { rps: number; p99: number }[] = [];
    // Each round swaps which goes first (ABBA…), so neither always runs right after the other's load.
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) t.push(await load(three.info.url));
      o.push(await load(one.info.url));
      if (round % 2 === 1) t.push(await load(three.info.url));
    }
    const threeRps = median(t.map((x) => x.rps));
    const oneRps = median(o.map((x) => x.rps));
    return {
      threeLocalesRps: Math.round(threeRps),
      oneLocaleRps: Math.round(oneRps),
      ratio: Number((threeRps / oneRps).toFixed(3)),
      threeLocalesP99Ms: median(t.map((x) => x.p99)),
      oneLocaleP99Ms: median(o.map((x) => x.p99)),
    };
  } finally {
    three.child.kill();
    one.child.kill();
  }
}
