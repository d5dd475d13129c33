/**
 * One rate limit across two `shiplog serve` processes sharing Redis (docs/api.md#public-engagement-no-key-cors-: limits
 * hold across several server processes when a shared store is configured): together they admit no
 * more subscribe requests from one client than the limit. Needs REDIS_URL (CI sets it).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli, startServe } from '../helpers/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { NEEDS_REDIS, TEST_REDIS_URL } from '../helpers/test-redis.ts';

describe.skipIf(!TEST_REDIS_URL)(`two server processes sharing Redis ${NEEDS_REDIS}`, () => {
  let database: TestDatabase;
  const extraDirs: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    await Promise.all(extraDirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('admit no more than the limit together', async () => {
    const prefix = `shiplog-test-${process.pid}-${Date.now()}:`;
    const common = { REDIS_URL: TEST_REDIS_URL!, REDIS_PREFIX: prefix, LOG_LEVEL: 'info' };
    // Both processes serve project "shared": on the shared PostgreSQL database, or on one embedded database each.
    const envs: Record<string, string>[] = [];
    if (database.databaseUrl) {
      envs.push(
        { ...common, DATABASE_URL: database.databaseUrl },
        { ...common, DATABASE_URL: database.databaseUrl },
      );
      await runCli(['projects', 'create', '--name', 'Shared', '--slug', 'shared', '--plan', 'pro'], envs[0]!);
    } else {
      for (let i = 0; i < 2; i++) {
        const dir = await mkdtemp(join(tmpdir(), 'shiplog-redis-'));
        extraDirs.push(dir);
        await cp(inject('pgliteTemplate'), dir, { recursive: true });
        envs.push({ ...common, SHIPLOG_DATA_DIR: dir });
        expect(
          (
            await runCli(
              ['projects', 'create', '--name', 'Shared', '--slug', 'shared', '--plan', 'pro'],
              envs[i]!,
            )
          ).code,
        ).toBe(0);
      }
    }
    const servers = await Promise.all(envs.map((env) => startServe(env)));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) {
        const res = await fetch(`${servers[i % 2]!.url}/api/subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ project: 'shared', email: `redis${i}@example.com` }),
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 202)).toHaveLength(8);
      expect(statuses.filter((s) => s === 429)).toHaveLength(8);
      // Both processes took part, and both refused once the shared count was reached.
      expect(statuses.slice(8)).toEqual(Array(8).fill(429));
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  });
});
