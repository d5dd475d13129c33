/**
 * Exclusive ownership of the embedded database's data directory (CONTRACT.md "Operating": the embedded
 * database belongs to one process at a time, and a crashed server's directory is usable again at once).
 *
 * The lock is a file, `shiplog.lock`, created with O_EXCL and holding its owner's identity: pid, the
 * kernel's start time of that process (Linux `/proc/<pid>/stat`, field 22) and host name. Liveness is
 * asked of the kernel, never judged by the file's age: a lock whose process no longer exists, or whose
 * pid now belongs to a process started at another time (pid reuse), is stale and taken over at once.
 * Where the kernel cannot tell start times (not Linux), `kill(pid, 0)` alone decides. A lock written
 * by another host (a shared network volume) is never taken over: that host's processes cannot be asked.
 *
 * While held, the file is checked every `CHECK_MS`; if it vanished or names another owner, the holder
 * is told (`onCompromised`) so that it stops instead of writing into a directory it no longer owns.
 */
import { readFileSync } from 'node:fs';
import { link, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

const CHECK_MS = 2_000;
/** A lock file still empty after this long was left by a process that died while creating it. */
const UNWRITTEN_GRACE_MS = 2_000;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

type Owner = { pid: number; start: string | null; host: string };

/** Path of the lock file. */
export function lockPath(dataDir: string): string {
  return join(dataDir, 'shiplog.lock');
}

/** The kernel's start time of `pid` (clock ticks since boot), or null where /proc cannot tell. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (comm) may hold spaces and parentheses: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: Owner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (owner.start === null) return true;
  const start = processStart(owner.pid);
  // Unreadable while our own is readable: the process ended between kill() and now.
  return start === null ? processStart(process.pid) === null : start === owner.start;
}

function parseOwner(text: string): Owner | null {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    return typeof value.pid === 'number' && typeof value.host === 'string'
      ? { pid: value.pid, start: value.start ?? null, host: value.host }
      : null;
  } catch {
    return null;
  }
}

/** Versions before 0.2 locked with an mtime-refreshed directory (proper-lockfile): stale after 10 s. */
const LEGACY_STALE_MS = 10_000;

/** The lock's current state: absent, held by a live process, or stale (with its text, to take it over). */
async function inspect(path: string): Promise<{ state: 'absent' | 'live' | 'stale'; text: string }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { state: 'absent', text: '' };
    if (code !== 'EISDIR') throw err;
    const age = Date.now() - (await stat(path)).mtimeMs;
    return { state: age < LEGACY_STALE_MS ? 'live' : 'stale', text: '' };
  }
  const owner = parseOwner(text);
  if (!owner) {
    // Created but not yet written: its creator is between open() and write(), unless it died there.
    const age = Date.now() - (await stat(path).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    return { state: age < UNWRITTEN_GRACE_MS ? 'live' : 'stale', text };
  }
  return { state: isAlive(owner) ? 'live' : 'stale', text };
}

/**
 * Move a stale lock aside, unless another process replaced it meanwhile (then put that one back).
 * Renaming is atomic, so of several processes taking over the same stale lock only one moves it.
 */
async function takeOver(path: string, staleText: string): Promise<void> {
  if ((await stat(path).catch(() => null))?.isDirectory()) return rm(path, { recursive: true, force: true });
  const aside = `${path}.stale-${process.pid}-${Date.now()}`;
  try {
    await rename(path, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = await readFile(aside, 'utf8').catch(() => staleText);
  if (moved !== staleText) await link(aside, path).catch(() => {});
  await rm(aside, { force: true });
}

function lockedError(dataDir: string): DataDirLockedError {
  return new DataDirLockedError(
    `the embedded database in ${dataDir} is in use by another Shiplog process; stop it, use another SHIPLOG_DATA_DIR, or set DATABASE_URL to a PostgreSQL server`,
  );
}

/**
 * Take the lock on `dataDir` (which must exist).
 * @param onCompromised called once if the lock file is removed or replaced while held.
 * @returns a function that releases it.
 * @throws DataDirLockedError when a live process holds it.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
): Promise<() => Promise<void>> {
  const path = lockPath(dataDir);
  const mine = JSON.stringify({ pid: process.pid, start: processStart(process.pid), host: hostname() });
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600);
      try {
        await handle.writeFile(mine);
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = await inspect(path);
    if (current.state === 'live' || attempt >= 3) throw lockedError(dataDir);
    if (current.state === 'stale') await takeOver(path, current.text);
  }

  let released = false;
  const check = setInterval(() => {
    readFile(path, 'utf8')
      .catch(() => '')
      .then((text) => {
        if (released || text === mine) return;
        released = true;
        clearInterval(check);
        onCompromised(new Error(`the lock ${path} was removed or taken by another process`));
      })
      .catch(() => {});
  }, CHECK_MS).unref();

  return async () => {
    if (released) return;
    released = true;
    clearInterval(check);
    if ((await readFile(path, 'utf8').catch(() => '')) === mine) await rm(path, { force: true });
  };
}

/** True when a live process holds the lock on `dataDir`. */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  return (await inspect(lockPath(dataDir))).state === 'live';
}
