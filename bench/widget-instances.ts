/**
 * Two instances vs one on the widget, on one PostgreSQL database (DATABASE_URL's server): autocannon
 * with 50 connections on one `shiplog` process, against 25 connections on each of two processes at
 * once (requests per second summed), alternating rounds. On a 2-core machine the load generator
 * takes a core of its own, so the second instance has little to gain: see bench/RESULTS.md.
 */
import { availableParallelism } from 'node:os';
import { load, start } from './widget-throughput.ts';
import { createBenchDatabase } from './temp-database.ts';

export async function widgetInstances(): Promise<Record<string, number>> {
  const database = await createBenchDatabase('instances');
  if (!database) throw new Error('the two-instance benchmark needs DATABASE_URL (PostgreSQL)');
  const a = await start(['shiplog', database.url, 'seed']);
  const b = await start(['shiplog', database.url, 'join']);
  try {
    await load(a.info.url); // warm-up (JIT, caches)
    await load(b.info.url);
    const one: number[] = [];
    const two: number[] = [];
    for (let round = 0; round < 2; round++) {
      one.push((await load(a.info.url, 50)).rps);
      const both = await Promise.all([load(a.info.url, 25), load(b.info.url, 25)]);
      two.push(both[0].rps + both[1].rps);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return {
      cores: availableParallelism(),
      oneInstanceRps: Math.round(mean(one)),
      twoInstancesRps: Math.round(mean(two)),
      ratio: Number((mean(two) / mean(one)).toFixed(3)),
    };
  } finally {
    a.child.kill();
    b.child.kill();
    await Promise.all([a.child, b.child].map((c) => new Promise((resolve) => c.once('exit', resolve))));
    await database.drop();
  }
}
