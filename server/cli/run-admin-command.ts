/**
 * Runs an admin command (projects, keys, GitHub links, email deliveries, imports) against the configured database: PostgreSQL directly; the embedded
 * database directly when no server holds it, else through the running server's admin socket.
 * Never creates a database: that is `serve`'s and `migrate`'s job (docs/configuration.md#cli).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { isDataDirLocked } from '../db/lock-data-dir.ts';
import { migrate } from '../db/migrate.ts';
import { startJobQueue } from '../queue/job-queue.ts';
import {
  ADMIN_COMMANDS,
  type CommandArgs,
  NEEDS_JOB_QUEUE,
  NEEDS_SERVICES,
} from '../admin/admin-commands.ts';
import { callAdminSocket } from '../admin/admin-socket.ts';

/** A CLI command that cannot run here; its message names the fix. Exit code 1. */
export class CommandFailedError extends Error {
  override name = 'CommandFailedError';
}

/** Whether `dataDir` holds an initialised embedded database (PostgreSQL's own marker file). */
function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * Run `command` in Shiplog opened the way `shiplog serve` opens it (open-server.ts), minus listening,
 * job workers, the admin socket and the log: the same rendering, caches and learning as the API.
 */
async function runWithServices(
  config: Config,
  command: (typeof ADMIN_COMMANDS)[string],
  args: CommandArgs,
): Promise<string> {
  const { openServer } = await import('../open-server.ts');
  const opened = await openServer(config, { workers: false, adminSocket: false, logger: false, poolSize: 4 });
  try {
    return await command({ sql: opened.db.sql, services: opened.app.shiplog }, args);
  } finally {
    await opened.close();
  }
}

/**
 * @returns the command's printed output.
 * @throws CommandFailedError when there is no database at the data directory; the command's own
 *   errors (ShiplogError) otherwise.
 */
export async function runAdminCommand(
  config: Config,
  name: keyof typeof ADMIN_COMMANDS,
  args: CommandArgs,
): Promise<string> {
  const command = ADMIN_COMMANDS[name];
  if (!command) throw new CommandFailedError(`unknown command ${name}`);
  if (!config.databaseUrl) {
    const dataDir = resolve(config.dataDir);
    if (!hasEmbeddedDatabase(dataDir)) {
      throw new CommandFailedError(
        `no Shiplog database in ${dataDir}: start the server there first (npm start), run this from the directory you run it in, or set SHIPLOG_DATA_DIR (or DATABASE_URL) to the server's`,
      );
    }
    if (await isDataDirLocked(dataDir)) return callAdminSocket(dataDir, name, args);
  }
  if (NEEDS_SERVICES.has(name)) return runWithServices(config, command, args);
  // Starting the job queue on PostgreSQL holds a connection for its turn and reserves another.
  const max = NEEDS_JOB_QUEUE.has(name) ? 4 : 1;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max });
  try {
    await migrate(db.sql);
    if (!NEEDS_JOB_QUEUE.has(name)) return await command({ sql: db.sql, publicUrl: config.publicUrl }, args);
    // Only to enqueue: no workers and no maintenance in this process (the servers do that).
    const jobs = await startJobQueue(
      db.sql,
      { error: (obj, msg) => process.stderr.write(`shiplog: ${msg}\n`) },
      { shared: db.shared, supervise: false },
    );
    try {
      return await command({ sql: db.sql, jobs }, args);
    } finally {
      await jobs.stop();
    }
  } finally {
    await db.close();
  }
}
