/**
 * The embedded database belongs to one process at a time (CONTRACT.md "Operating"): a second process
 * gets a clear error naming the fix, and the lock of a crashed process is recovered.
 */
import { cp, mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { lockPath } from '../../../server/db/lock-data-dir.ts';
import { runCli, startServe } from '../../helpers/run-cli.ts';

const dirs: string[] = [];
async function embeddedDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-lock-'));
  dirs.push(dir);
  // Always embedded here: this is about PGlite's data directory, whatever DATABASE_URL says.
  if (!process.env.DATABASE_URL) await cp(inject('pgliteTemplate'), dir, { recursive: true });
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

it('refuses a second server on the same data directory with a message naming the fix', async () => {
  const dataDir = await embeddedDataDir();
  const first = await startServe({ SHIPLOG_DATA_DIR: dataDir });
  try {
    const second = await runCli(['serve'], { SHIPLOG_DATA_DIR: dataDir, PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      /^shiplog: the embedded database in .* is in use by another Shiplog process; .*DATABASE_URL/,
    );
    const migrate = await runCli(['migrate'], { SHIPLOG_DATA_DIR: dataDir });
    expect(migrate.code).toBe(1);
    // The first server is unharmed.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  } finally {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }
});

it('recovers the stale lock of a crashed process', async () => {
  const dataDir = await embeddedDataDir();
  const crashed = await startServe({ SHIPLOG_DATA_DIR: dataDir });
  crashed.child.kill('SIGKILL');
  await crashed.exited;
  // A SIGKILLed process leaves its lock behind; make it look as old as a crash long ago.
  await mkdir(lockPath(dataDir), { recursive: true });
  const past = new Date(Date.now() - 60_000);
  await utimes(lockPath(dataDir), past, past);

  const restarted = await startServe({ SHIPLOG_DATA_DIR: dataDir });
  try {
    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
  } finally {
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }
});
