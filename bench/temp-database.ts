/**
 * A PostgreSQL database of its own for one benchmark, on the server of `DATABASE_URL` (created here,
 * dropped by `drop`); undefined without DATABASE_URL, where benchmarks use the embedded database.
 */
import postgres from 'postgres';

export const BENCH_SERVER_URL = process.env.DATABASE_URL;

export async function createBenchDatabase(
  label: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (!BENCH_SERVER_URL) return undefined;
  const name = `shiplog_bench_${label}_${process.pid}`;
  const admin = postgres(BENCH_SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(BENCH_SERVER_URL!, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
