/**
 * A PostgreSQL server of a test's own (PostgreSQL 15's initdb and pg_ctl, run as the `postgres` user
 * since tests run as root), so that a fault test can stop it the hard way and start it again without
 * touching the machine's shared server at 127.0.0.1:5432. It listens on 127.0.0.1 at a free port, keeps
 * its Unix socket in its own temporary directory, trusts local connections, and is removed by `destroy`.
 *
 * `stop('immediate')` is `pg_ctl stop -m immediate`: every backend is killed at once, no checkpoint,
 * clients see their connections drop mid-query, and the next start replays the WAL (crash recovery).
 */
import { execFile } from 'node:child_process';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

export type PostgresInstance = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** `pg_ctl start -w`: resolves once the server accepts connections (after any crash recovery). */
  start(): Promise<void>;
  /** `pg_ctl stop -m <mode> -w`. */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** The server's log so far (for a failing test's message). */
  log(): Promise<string>;
  /** Stop it (fast) if it runs, and remove its directory. */
  destroy(): Promise<void>;
};

/** A port nothing listens on right now (the kernel's pick for an ephemeral listener). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Run a PostgreSQL program as the `postgres` user (initdb and the server refuse to run as root). */
function asPostgres(program: string, args: string[]) {
  return run('runuser', ['-u', 'postgres', '--', join(BIN, program), ...args], { timeout: 120_000 });
}

/** initdb a new cluster in a temporary directory and start it. */
export async function startPostgresInstance(): Promise<PostgresInstance> {
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-pg-'));
  const { uid, gid } = await postgresIds();
  await chown(dir, uid, gid);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  let running = false;
  const instance: PostgresInstance = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await asPostgres('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', logFile, '-o', options]);
      running = true;
    },
    async stop(mode = 'fast') {
      await asPostgres('pg_ctl', ['stop', '-w', '-t', '60', '-D', data, '-m', mode]);
      running = false;
    },
    async log() {
      return readFile(logFile, 'utf8').catch(() => '');
    },
    async destroy() {
      if (running) await instance.stop('fast').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await instance.start();
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return instance;
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
