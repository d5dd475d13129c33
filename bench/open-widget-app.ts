/**
 * The app the widget benchmarks serve: project `bench` (pro) with 20 published entries of real
 * release notes (the widget's full list), on a fresh embedded database, or on `databaseUrl`
 * (PostgreSQL) where `seed: false` opens a database another process already seeded (a second
 * instance). Not listening yet, so a benchmark may add a route of its own first.
 */
import { createEntry } from '../server/services/entries/create-entry.ts';
import { createProject } from '../server/services/accounts/manage-projects.ts';
import { loadReleases } from '../test/fixtures/releases/load-releases.ts';
import { type BenchApp, openBenchApp } from './open-bench-app.ts';

export async function openWidgetApp(
  options: { databaseUrl?: string; seed?: boolean } = {},
): Promise<BenchApp> {
  const opened = await openBenchApp({ label: 'widget', databaseUrl: options.databaseUrl });
  if (options.seed === false) return opened;
  const { app, db } = opened;
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
  return opened;
}
