/**
 * The app the widget benchmarks serve: project `bench` (pro) with 20 published entries of real
 * release notes (the widget's full list), on a fresh embedded database, or on `databaseUrl`
 * (PostgreSQL) where `seed: false` opens a database another process already seeded (a second
 * instance). With `locales` (`['de', 'fr']`), the project lists them and every entry has a translation
 * into each (the same notes under a title of that language, so each language's copy weighs the same).
 * Not listening yet, so a benchmark may add a route of its own first.
 */
import { createEntry } from '../server/services/entries/create-entry.ts';
import { createProject } from '../server/services/accounts/manage-projects.ts';
import { loadReleases } from '../test/fixtures/releases/load-releases.ts';
import { updateReaderProject } from '../server/db/reader-projects.ts';
import { type BenchApp, openBenchApp } from './open-bench-app.ts';

export async function openWidgetApp(
  options: { databaseUrl?: string; seed?: boolean; locales?: string[] } = {},
): Promise<BenchApp> {
  const opened = await openBenchApp({ label: 'widget', databaseUrl: options.databaseUrl });
  if (options.seed === false) return opened;
  const { app, db } = opened;
  const { project } = await createProject(db.sql, { name: 'Bench', slug: 'bench', plan: 'pro' });
  const locales = options.locales ?? [];
  if (locales.length > 0) await db.sql.begin((tx) => updateReaderProject(tx, project.id, { locales }));
  for (const release of loadReleases().slice(0, 20)) {
    const title = `${release.repo} ${release.tag}`;
    await createEntry(app.shiplog, project.id, {
      title,
      body: release.releaseNotes,
      version: release.tag,
      category: 'announcement',
      visibility: 'external',
      publish: true,
      translations: Object.fromEntries(
        locales.map((l) => [l, { title: `${title} (${l})`, body: release.releaseNotes }]),
      ),
    });
  }
  return opened;
}
