/**
 * Analytics ingest on the embedded database: events/s with 50-event batches vs single events, in one
 * run (goal ≥ 5×; ≥ 10k events/s is the stretch). Requests go through the whole route (validation,
 * rate limits, one multi-row insert) via `inject`, 16 in flight; each comes from its own address and
 * visitor so that the per-client limits, which are not what is measured, never refuse one.
 */
import { createProject } from '../server/services/accounts/manage-projects.ts';
import { openBenchApp } from './open-bench-app.ts';

const SECONDS = 5;
const IN_FLIGHT = 16;

export async function analyticsIngest(): Promise<Record<string, number>> {
  const { app, db, close } = await openBenchApp({ label: 'analytics' });
  try {
    await createProject(db.sql, { name: 'Bench', slug: 'bench', plan: 'pro' });
    let client = 0;
    const event = (i: number) => ({
      project: 'bench',
      type: i % 4 ? 'view' : 'click',
      anonymousId: `visitor-${String(client).padStart(6, '0')}`,
      url: 'https://acme.test/changelog',
    });

    const run = async (batch: number): Promise<number> => {
      let events = 0;
      const deadline = Date.now() + SECONDS * 1000;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (Date.now() < deadline) {
            client++;
            const payload =
              batch === 1 ? event(client) : { events: Array.from({ length: batch }, (_, i) => event(i)) };
            const res = await app.inject({
              method: 'POST',
              url: '/api/analytics',
              remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
              payload,
            });
            if (res.statusCode !== 202) throw new Error(`ingest answered ${res.statusCode}: ${res.body}`);
            events += batch;
          }
        }),
      );
      return events / (Number(process.hrtime.bigint() - started) / 1e9);
    };
    await run(1); // warm-up
    const single = await run(1);
    const batched = await run(50);
    return {
      singleEventsPerSecond: Math.round(single),
      batchedEventsPerSecond: Math.round(batched),
      ratio: Number((batched / single).toFixed(2)),
    };
  } finally {
    await close();
  }
}
