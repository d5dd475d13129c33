/**
 * The embedded database belongs to one process at a time (docs/configuration.md#configuration): a second process
 * gets a clear error naming the fix, and the lock of a crashed process is recovered.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { lockPath } from '../../server/db/lock-data-dir.ts';
import { CLI, runCli, startServe } from '../helpers/run-cli.ts';

const dirs: string[] = [];
async function embeddedDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shiplog-lock-'));
  dirs.push(dir);
  // Always embedded here: this is about PGlite's data directory, whatever DATABASE_URL says.
  await cp(inject('pgliteTemplate'), dir, { recursive: true });
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
      new RegExp(
        `^shiplog: the embedded database in .* is in use by another Shiplog process \\(pid ${first.child.pid}\\); .*DATABASE_URL`,
      ),
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

it('starts at once after the previous server was killed with SIGKILL', async () => {
  const dataDir = await embeddedDataDir();
  const crashed = await startServe({ SHIPLOG_DATA_DIR: dataDir });
  crashed.child.kill('SIGKILL');
  await crashed.exited;
  // The lock file is still there, naming a process that no longer exists.
  expect(JSON.parse(await readFile(lockPath(dataDir), 'utf8')).pid).toBe(crashed.child.pid);

  // What a supervisor does: start again immediately, and again if need be (never after a delay).
  const restarted = await startServe({ SHIPLOG_DATA_DIR: dataDir });
  try {
    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
    // The CLI reaches the new server, not the dead one's socket.
    const created = await runCli(
      ['projects', 'create', '--name', 'After', '--slug', 'after', '--plan', 'pro'],
      {
        SHIPLOG_DATA_DIR: dataDir,
      },
    );
    expect(created.code, created.stderr).toBe(0);
  } finally {
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }
});

/** The state letter of /proc/<pid>/stat (`Z`: a zombie), or null once the pid is gone. */
function procState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
  } catch {
    return null;
  }
}

it.runIf(process.platform === 'linux')(
  'starts at once after kill -9 while the killed server is not yet reaped by its parent',
  async () => {
    const dataDir = await embeddedDataDir();
    // The server runs under a parent that never reaps it (sh execs into sleep): once killed, its pid
    // stays, as a zombie, with the same start time, as while a large process is being torn down.
    const parent = spawn(
      '/bin/sh',
      ['-c', `"${process.execPath}" "${CLI}" serve >/dev/null 2>&1 & exec sleep 120`],
      { env: { PATH: process.env.PATH ?? '', PORT: '0', SHIPLOG_DATA_DIR: dataDir }, stdio: 'ignore' },
    );
    try {
      let pid: number | undefined;
      for (let i = 0; i < 300 && pid === undefined; i++) {
        const owner = await readFile(lockPath(dataDir), 'utf8').catch(() => '');
        if (owner) pid = (JSON.parse(owner) as { pid: number }).pid;
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pid).toBeTypeOf('number');
      process.kill(pid!, 'SIGKILL');
      for (let i = 0; i < 100 && procState(pid!) !== 'Z'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(procState(pid!)).toBe('Z');

      const restarted = await startServe({ SHIPLOG_DATA_DIR: dataDir });
      try {
        expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
      } finally {
        restarted.child.kill('SIGTERM');
        expect(await restarted.exited).toBe(0);
      }
    } finally {
      parent.kill('SIGKILL');
    }
  },
);

it('stops with exit code 1 when its lock is taken away while it runs', async () => {
  const dataDir = await embeddedDataDir();
  const server = await startServe({ SHIPLOG_DATA_DIR: dataDir });
  await rm(lockPath(dataDir));
  expect(await server.exited).toBe(1);
  expect(server.log()).toMatch(/lost the lock on the data directory/);
});
