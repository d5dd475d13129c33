/**
 * GET /api/v1/entries page 1 vs page 1000 (limit 20): on 1,000,000 entries in PostgreSQL when
 * DATABASE_URL names a server (a database of its own there), else on 100,000 entries in the embedded
 * database. Keyset pagination should make them cost the same. Goal: page 1000 within 1.2× of page 1.
 */
import { encodeCursor } from '../server/services/paging/keyset-cursor.ts';
import { createProject } from '../server/services/accounts/manage-projects.ts';
import { openBenchApp } from './open-bench-app.ts';
import { createBenchDatabase } from './temp-database.ts';

const LIMIT = 20;
const ROUNDS = 300;

export async function listDepth(): Promise<Record<string, number>> {
  const server = await createBenchDatabase('list');
  const ENTRIES = server ? 1_000_000 : 100_000;
  const { app, db, close } = await openBenchApp({
    label: 'list',
    databaseUrl: server?.url,
    env: { SHIPLOG_API_RATE_LIMIT: '1000000' },
  });
  try {
    const { project, apiKey } = await createProject(db.sql, { name: 'Bench', slug: 'bench', plan: 'pro' });
    await db.sql`
      insert into entries (id, project_id, title, slug, body, html, category, visibility, status, published_at, created_at)
      select 'ent_bench' || lpad(g::text, 7, '0'), ${project.id}, 'Entry ' || g, 'entry-' || g, 'Body', '<p>Body</p>',
             'fix', 'external', case when g % 3 = 0 then 'draft' else 'published' end,
             case when g % 3 = 0 then null else timestamptz '2020-01-01' + g * interval '1 minute' end,
             timestamptz '2020-01-01' + g * interval '1 minute'
      from generate_series(1, ${ENTRIES}) g`;
    await db.sql`analyze entries`;
    const [row] = await db.sql<{ sortAt: Date; id: string }[]>`
      select sort_at, id from entries where project_id = ${project.id}
      order by sort_at desc, id desc offset ${LIMIT * 999 - 1} limit 1`;
    const deep = encodeCursor(row!, {
      list: 'entries',
      projectId: project.id,
      filters: {},
      secret: app.shiplog.cursorSecret,
    });
    const headers = { authorization: `Bearer ${apiKey}` };
    const page1 = `/api/v1/entries?limit=${LIMIT}`;
    const page1000 = `/api/v1/entries?limit=${LIMIT}&cursor=${deep}`;

    const time = async (url: string) => {
      const t = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200 || res.json().entries.length !== LIMIT)
        throw new Error(`unexpected ${res.statusCode}`);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    for (let i = 0; i < 50; i++) {
      await time(page1);
      await time(page1000);
    }
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      a.push(await time(page1));
      b.push(await time(page1000));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    return {
      postgresql: server ? 1 : 0,
      entries: ENTRIES,
      page1MedianMs: Number(median(a).toFixed(3)),
      page1000MedianMs: Number(median(b).toFixed(3)),
      ratio: Number((median(b) / median(a)).toFixed(3)),
    };
  } finally {
    await close();
    await server?.drop();
  }
}
