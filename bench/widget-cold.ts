/**
 * The widget cold vs hot, in process on the embedded database: the median time of `GET
 * /api/widget/bench` right after the project's cache entry was dropped (what the first request after
 * a publish pays: the query, 20 entries' JSON, the ETag), against the same request served from the
 * cache.
 */
import { openWidgetApp } from './open-widget-app.ts';

const ROUNDS = 300;

export async function widgetCold(): Promise<Record<string, number>> {
  const { app, close } = await openWidgetApp();
  try {
    const { project } = (await app.inject('/api/widget/bench')).json() as { project: { slug: string } };
    const projectId = (await app.shiplog.widgetCache.get(project.slug))!.projectId;
    const time = async (cold: boolean) => {
      if (cold) app.shiplog.widgetCache.invalidate(projectId);
      const t = process.hrtime.bigint();
      const res = await app.inject('/api/widget/bench');
      if (res.statusCode !== 200) throw new Error(`widget answered ${res.statusCode}`);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    for (let i = 0; i < 50; i++) await time(i % 2 === 0);
    const hot: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      hot.push(await time(false));
      cold.push(await time(true));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    return {
      hotMedianMs: Number(median(hot).toFixed(3)),
      coldMedianMs: Number(median(cold).toFixed(3)),
      ratio: Number((median(cold) / median(hot)).toFixed(2)),
    };
  } finally {
    await close();
  }
}
