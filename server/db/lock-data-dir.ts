/**
 * Exclusive ownership of the embedded database's data directory (docs/configuration.md#configuration: the embedded
 * database belongs to one process at a time, and a crashed server's directory is usable again at once).
 *
 * The lock is a file, `shiplog.lock`, created with O_EXCL and holding its owner's identity: pid, the
 * kernel's start time of that process (Linux `/proc/<pid>/stat`, field 22) and host name. Liveness is
 * asked of the kernel, never judged by the file's age: a lock whose process no longer exists, or whose
 * pid now belongs to a process started at another time (pid reuse), is stale and taken over at once.
 * Where the kernel cannot tell start times (not Linux), `kill(pid, 0)` alone decides. A lock written
 * by another host (a shared network volume) is never taken over: that host's processes cannot be asked.
 *
 * A process killed with SIGKILL is not gone at once: the kernel tears down its memory (seconds for a
 * large heap), and its pid stays, as a zombie, until its parent reaps it. A zombie is dead here, and an
 * owner the kernel reports as exiting (PF_EXITING, or SIGKILL pending) is waited for, up to
 * `DYING_GRACE_MS`, before the lock is refused: a supervisor's restart right after `kill -9` works.
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
/** How long an exiting owner is waited for, polled every `DYING_POLL_MS`, before the lock is refused. */
const DYING_GRACE_MS = 10_000;
const DYING_POLL_MS = 50;
/** `PF_EXITING` in the flags of /proc/<pid>/stat (include/linux/sched.h): do_exit() has begun. */
const PF_EXITING = 0x4;
/** SIGKILL's bit in the pending-signal masks of /proc/<pid>/status. */
const SIGKILL_BIT = 1n << 8n;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

type Owner = { pid: number; start: string | null; host: string };

/** Path of the lock file. */
export function lockPath(dataDir: string): string {
  return join(dataDir, 'shiplog.lock');
}

/**
 * What /proc/<pid>/stat says of `pid`: its state letter (field 3), flags (field 9) and start time in
 * clock ticks since boot (field 22); null where /proc cannot tell (no such process, not Linux).
 */
function processStat(pid: number): { state: string; flags: number; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (comm) may hold spaces and parentheses: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', flags: Number(fields[6]), start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** The kernel's start time of `pid` (clock ticks since boot), or null where /proc cannot tell. */
function processStart(pid: number): string | null {
  return processStat(pid)?.start ?? null;
}

/** Whether SIGKILL is pending for `pid` (its thread's or its thread group's mask). */
function killPending(pid: number): boolean {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some(
      (m) => (BigInt(`0x${m[1]}`) & SIGKILL_BIT) !== 0n,
    );
  } catch {
    return false;
  }
}

/**
 * `live`: the owner runs; `dying`: it is being torn down (exiting or SIGKILL pending) and will be gone
 * shortly; `dead`: it no longer exists, is a zombie, or its pid belongs to another process now.
 */
function ownerState(owner: Owner): 'live' | 'dying' | 'dead' {
  if (owner.host !== hostname()) return 'live';
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return 'dead';
  }
  if (owner.start === null) return 'live';
  const stat = processStat(owner.pid);
  // Unreadable while our own is readable: the process ended between kill() and now.
  if (stat === null) return processStart(process.pid) === null ? 'live' : 'dead';
  if (stat.start !== owner.start || stat.state === 'Z' || stat.state === 'X') return 'dead';
  return (stat.flags & PF_EXITING) !== 0 || killPending(owner.pid) ? 'dying' : 'live';
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

type LockState = { state: 'absent' | 'live' | 'dying' | 'stale'; text: string };

/**
 * The lock's current state: absent, held by a live or a dying process, or stale (with its text, to
 * take it over).
 */
async function inspect(path: string): Promise<LockState> {
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
  const state = ownerState(owner);
  return { state: state === 'dead' ? 'stale' : state, text };
}

/** `inspect`, waiting (up to `DYING_GRACE_MS`) while the owner is dying, until it is not. */
async function inspectPatiently(path: string): Promise<LockState> {
  const deadline = Date.now() + DYING_GRACE_MS;
  for (;;) {
    const current = await inspect(path);
    if (current.state !== 'dying') return current;
    if (Date.now() >= deadline) return { ...current, state: 'live' };
    await new Promise((resolve) => setTimeout(resolve, DYING_POLL_MS));
  }
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

/** The refusal, naming the owner (its process id, and its host when not this one) so it can be found. */
function lockedError(dataDir: string, lockText: string): DataDirLockedError {
  const owner = parseOwner(lockText);
  const who = !owner
    ? 'another Shiplog process'
    : owner.host === hostname()
      ? `another Shiplog process (pid ${owner.pid})`
      : `another Shiplog process (pid ${owner.pid} on ${owner.host})`;
  return new DataDirLockedError(
    `the embedded database in ${dataDir} is in use by ${who}; stop it, use another SHIPLOG_DATA_DIR, or set DATABASE_URL to a PostgreSQL server`,
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
    const current = await inspectPatiently(path);
    if (current.state === 'live' || attempt >= 3) throw lockedError(dataDir, current.text);
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

/** True when a live process holds the lock on `dataDir` (one being torn down is waited for). */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  return (await inspectPatiently(lockPath(dataDir))).state === 'live';
}
