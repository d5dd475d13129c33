/**
 * Exclusive ownership of the embedded database's data directory (CONTRACT.md "Operating": the embedded
 * database belongs to one process at a time). Uses proper-lockfile: an mtime-refreshed lock directory,
 * so the lock of a crashed process goes stale after `STALE_MS` and the next start recovers it.
 */
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

const STALE_MS = 10_000;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Path of the lock (a directory proper-lockfile creates atomically). */
export function lockPath(dataDir: string): string {
  return join(dataDir, 'shiplog.lock');
}

/**
 * Take the lock on `dataDir` (which must exist).
 * @returns a function that releases it.
 * @throws DataDirLockedError when a live process holds it.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: lockPath(dataDir),
      stale: STALE_MS,
      update: STALE_MS / 2,
      realpath: false,
      onCompromised,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `the embedded database in ${dataDir} is in use by another Shiplog process; stop it, use another SHIPLOG_DATA_DIR, or set DATABASE_URL to a PostgreSQL server`,
      );
    }
    throw err;
  }
}

/** True when a live process holds the lock on `dataDir`. */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  return lockfile.check(dataDir, { lockfilePath: lockPath(dataDir), stale: STALE_MS, realpath: false });
}
