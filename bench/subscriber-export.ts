/**
 * The subscriber CSV export (GET /api/v1/subscribers/export) of 100,000 subscribers over a real socket:
 * its time, and (in another run) the peak live heap above the resting level while the download runs
 * (server and client share the process; the client drops each chunk), against
 * the same CSV built in memory (one query for every row, csv-stringify's sync API). Streamed, the peak
 * should stay flat: the same for 10,000 subscribers as for 100,000. PostgreSQL when DATABASE_URL is
 * set, else the embedded database. `npm run bench -- export`.
 */
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { stringify } from 'csv-stringify/sync';
import { listSubscribersByEmail } from '../server/db/subscribers.ts';
import { EXPORT_COLUMNS } from '../server/services/engagement/export-subscribers.ts';
import { createProject } from '../server/services/accounts/manage-projects.ts';
import { openBenchApp } from './open-bench-app.ts';
import { createBenchDatabase } from './temp-database.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** `work`'s time in milliseconds, and its result. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t = process.hrtime.bigint();
  const result = await work();
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, result };
}

/**
 * Peak live heap above the level before `work`, in MiB: every 20 ms a full GC runs and the heap is
 * read, so what counts is what the work holds (a streamed export makes plenty of garbage, which would
 * count otherwise). Run apart from the timing, which the collections would slow.
 */
async function peakLiveHeap(work: () => Promise<unknown>): Promise<number> {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 20);
  await work();
  clearInterval(sampler);
  return (peak - base) / 1024 / 1024;
}

export async function subscriberExportBench(): Promise<Record<string, number>> {
  const server = await createBenchDatabase('export');
  const { app, db, close } = await openBenchApp({
    label: 'export',
    databaseUrl: server?.url,
    env: { SHIPLOG_API_RATE_LIMIT: '1000000' },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const seed = async (slug: string, n: number) => {
      const { project, apiKey } = await createProject(db.sql, { name: slug, slug, plan: 'pro' });
      await db.sql`
        insert into subscribers (id, project_id, email, status, requested_at, confirmed_at)
        select 'sub_' || ${slug} || g, ${project.id}, 'reader' || lpad(g::text, 6, '0') || '@example.com',
               'confirmed', now(), now()
        from generate_series(1, ${n}) g`;
      return { project, apiKey };
    };
    const large = await seed('large', 100_000);
    const small = await seed('small', 10_000);
    await db.sql`analyze subscribers`;

    /** The export over HTTP, each chunk dropped as it arrives. @returns the rows received. */
    const download = async (apiKey: string) => {
      const res = await fetch(`${base}/api/v1/subscribers/export`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      let lines = 0;
      for await (const chunk of res.body!) lines += (chunk as Uint8Array).filter((b) => b === 10).length;
      return lines - 1;
    };
    const inMemory = async (projectId: string) => {
      const rows = await listSubscribersByEmail(db.sql, projectId, {}, undefined, 1_000_000);
      const csv = stringify(
        rows.map((s) => ({
          ...s,
          createdAt: s.createdAt.toISOString(),
          confirmedAt: s.confirmedAt?.toISOString(),
        })),
        { header: true, columns: [...EXPORT_COLUMNS], escape_formulas: true },
      );
      return csv.length;
    };
    await download(small.apiKey); // warm up
    const streamed = await timed(() => download(large.apiKey));
    if (streamed.result !== 100_000) throw new Error(`exported ${streamed.result} rows`);
    const built = await timed(() => inMemory(large.project.id));
    const streamedPeak = await peakLiveHeap(() => download(large.apiKey));
    const streamed10kPeak = await peakLiveHeap(() => download(small.apiKey));
    const builtPeak = await peakLiveHeap(() => inMemory(large.project.id));
    return {
      postgresql: server ? 1 : 0,
      subscribers: 100_000,
      streamedMs: Math.round(streamed.ms),
      inMemoryMs: Math.round(built.ms),
      timeRatio: Number((streamed.ms / built.ms).toFixed(2)),
      streamedPeakHeapMiB: Number(streamedPeak.toFixed(1)),
      streamed10kPeakHeapMiB: Number(streamed10kPeak.toFixed(1)),
      inMemoryPeakHeapMiB: Number(builtPeak.toFixed(1)),
      memoryRatio: Number((builtPeak / streamedPeak).toFixed(1)),
      flatness100kVs10k: Number((streamedPeak / streamed10kPeak).toFixed(2)),
    };
  } finally {
    await close();
    await server?.drop();
  }
}
