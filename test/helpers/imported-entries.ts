/** What `shiplog import` stored: a project's entries, read from the database of a CLI test's env. */
import { openDatabase } from '../../server/db/connect.ts';

/** One entry of {@link importedEntries}, with the changes the import recorded for it (or null). */
export type ImportedEntry = {
  id: string;
  version: string;
  status: string;
  visibility: string;
  origin: string;
  publishedAt: Date;
  sourceRepository: string | null;
  changes: { commits: string[]; commitDetails: { files: string[] }[] } | null;
};

/**
 * The entries of the project `slug`, newest first, in the database `env` names (DATABASE_URL, else
 * the embedded one in SHIPLOG_DATA_DIR, as `useCliEnv` sets them). Opens the embedded database
 * itself: call it only while no CLI command or server holds it.
 */
export async function importedEntries(env: Record<string, string>, slug: string): Promise<ImportedEntry[]> {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.SHIPLOG_DATA_DIR!, max: 1 });
  try {
    return await db.sql<ImportedEntry[]>`
      select e.id, e.version, e.status, e.visibility, e.origin, e.published_at, e.source_repository, c.changes
      from entries e join projects p on p.id = e.project_id left join entry_changes c on c.entry_id = e.id
      where p.slug = ${slug} order by e.published_at desc`;
  } finally {
    await db.close();
  }
}
