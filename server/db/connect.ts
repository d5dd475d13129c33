/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, otherwise PGlite (embedded
 * PostgreSQL compiled to WASM) in `dataDir`, served on a private Unix socket by
 * @electric-sql/pglite-socket so that the same `postgres` client and the same queries serve both.
 *
 * PGlite is a single session: the client gets exactly one connection (`max: 1`) so that transactions
 * never interleave, and LISTEN/NOTIFY is not used in that mode (one process owns the data directory).
 */
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import postgres from 'postgres';
import { lockDataDir } from './lock-data-dir.ts';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;

export type Database = {
  sql: Sql;
  mode: 'postgres' | 'pglite';
  /** Whether other processes may share the database (and so need NOTIFY to invalidate caches). */
  shared: boolean;
  /** Ends the pool; in PGlite mode also stops the socket, closes PGlite and releases the lock. */
  close(): Promise<void>;
};

/**
 * Seconds a connection waits before connecting again after its `retries`-th failure in a row (pool
 * wide; the driver resets the count on a connection made). The driver's default grows to 20 s
 * (0.5–1 × min(3^retries / 100, 20)), and a query waits out that delay before it may even fail: with
 * the database gone, requests hung 10–20 s before their 503, and once it was back they kept waiting.
 * Capped at 1 s, a request answers 503 within about a second while the database is unreachable, the
 * pool is back within about a second of the database, and each connection still tries at most once a
 * second (10 a second per server for a pool of 10).
 */
function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1);
}

/**
 * Seconds a connection may take from its TCP connect to ready for queries (the driver's default is
 * 30). A PostgreSQL stopped with `-m immediate` or starting up can take a connection into its backlog
 * and never answer it: a query queued on that connection waited the whole 30 s, so a request hung
 * instead of answering 503 (test/faults/postgres-stopped-under-load.test.ts, 1 request in about 600).
 * A handshake on a working server takes milliseconds, over TLS on another continent well under a second.
 */
const CONNECT_TIMEOUT_SECONDS = 5;

const clientOptions = {
  onnotice: () => {},
  connect_timeout: CONNECT_TIMEOUT_SECONDS,
  transform: postgres.camel,
  types: { bigint: postgres.BigInt },
  backoff: reconnectDelaySeconds,
} as const;

/** Unix socket paths are limited to ~107 bytes; long data-dir paths fall back to a private temp dir. */
async function socketPath(dataDir: string): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const inDataDir = join(dataDir, '.s.PGSQL.5432');
  if (Buffer.byteLength(inDataDir) < 100) {
    await rm(inDataDir, { force: true });
    return { path: inDataDir, cleanup: () => rm(inDataDir, { force: true }) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-'));
  return { path: join(dir, '.s.PGSQL.5432'), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Called when the data-directory lock is lost (e.g. the directory was removed). */
  onLockCompromised?: (err: Error) => void;
  max?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, { ...clientOptions, max: options.max ?? 10 });
    return { sql, mode: 'postgres', shared: true, close: () => sql.end({ timeout: 5 }) };
  }

  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const release = await lockDataDir(dataDir, options.onLockCompromised ?? (() => {}));
  try {
    const pglite = await PGlite.create(join(dataDir, 'pgdata'));
    const socket = await socketPath(dataDir);
    const server = new PGLiteSocketServer({ db: pglite, path: socket.path, maxConnections: 1 });
    await server.start();
    await chmod(socket.path, 0o600);
    const sql = postgres({
      ...clientOptions,
      path: socket.path,
      max: 1,
      username: 'postgres',
      database: 'postgres',
    });
    return {
      sql,
      mode: 'pglite',
      shared: false,
      async close() {
        await sql.end({ timeout: 5 });
        await server.stop();
        await pglite.close();
        await socket.cleanup();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}
