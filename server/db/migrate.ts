/**
 * Forward-only numbered migrations: `migrations/NNNN_name.sql`, applied in order, each once, all in one
 * transaction under an advisory lock so that several instances starting together apply them once.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql } from './connect.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** @returns the names of the migrations applied by this call (empty when up to date). */
export async function migrate(sql: Sql): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(7246138)`;
    await tx`
      create table if not exists schema_migrations (
        version int primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`;
    const rows = await tx<{ version: number }[]>`select version from schema_migrations`;
    const applied = new Set(rows.map((r) => r.version));
    const done: string[] = [];
    for (const file of files) {
      const version = Number(file.slice(0, 4));
      if (applied.has(version)) continue;
      await tx.unsafe(await readFile(join(MIGRATIONS_DIR, file), 'utf8'));
      await tx`insert into schema_migrations (version, name) values (${version}, ${file})`;
      done.push(file);
    }
    return done;
  });
}
