/**
 * Runs a project/key command against the configured database: PostgreSQL directly; the embedded
 * database directly when no server holds it, else through the running server's admin socket.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { DataDirLockedError, isDataDirLocked } from '../db/lock-data-dir.ts';
import { migrate } from '../db/migrate.ts';
import { ADMIN_COMMANDS, type CommandArgs } from './admin-commands.ts';
import { adminSocketPath, callAdminSocket } from './admin-socket.ts';

export async function runAdminCommand(config: Config, name: string, args: CommandArgs): Promise<string> {
  const command = ADMIN_COMMANDS[name];
  if (!command) throw new Error(`unknown command ${name}`);
  if (!config.databaseUrl) {
    const dataDir = resolve(config.dataDir);
    if (existsSync(dataDir) && (await isDataDirLocked(dataDir))) {
      if (!existsSync(adminSocketPath(dataDir))) {
        throw new DataDirLockedError(
          `the embedded database in ${dataDir} is in use by another process that is not a Shiplog server; stop it and retry`,
        );
      }
      return callAdminSocket(dataDir, name, args);
    }
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: 1 });
  try {
    await migrate(db.sql);
    return await command({ sql: db.sql }, args);
  } finally {
    await db.close();
  }
}
