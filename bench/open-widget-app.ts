/**
 * The app the widget benchmarks serve: project `bench` (pro) with 20 published entries of real
 * release notes (the widget's full list), on a fresh embedded database, or on `databaseUrl`
 * (PostgreSQL) where `seed: false` opens a database another process already seeded (a second
 * instance). Not listening yet, so a benchmark may add a route of its own first. The caller closes
 * the app, then the database.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/connect.ts';
import { migrate } from '../server/db/migrate.ts';
import { createEntry } from '../server/services/create-entry.ts';
import { createProject } from '../server/services/manage-projects.ts';
import { loadReleases } from '../test/fixtures/releases/load-releases.ts';

export async function openWidgetApp(
  options: { databaseUrl?: string; seed?: boolean } = {},
): Promise<{ app: FastifyInstance; db: Database }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shiplog-bench-'));
  const config = loadConfig({
    SHIPLOG_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const db = await openDatabase({ dataDir, databaseUrl: options.databaseUrl });
  await migrate(db.sql);
  const app = await buildApp({ config, db });
  if (options.seed === false) return { app, db };
  const { project } = await createProject(db.sql, { name: 'Bench', slug: 'bench', plan: 'pro' });
  for (const release of loadReleases().slice(0, 20)) {
    await createEntry(app.shiplog, project.id, {
      title: `${release.repo} ${release.tag}`,
      body: release.releaseNotes,
      version: release.tag,
      category: 'announcement',
      visibility: 'external',
      publish: true,
    });
  }
  return { app, db };
}
