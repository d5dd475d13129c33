/**
 * PostgreSQL stopped the hard way (`pg_ctl stop -m immediate`) while `shiplog serve` is publishing and
 * reading, then started again, three times (the driver threw out of a timer, `socket.write` of a closed
 * connection, and the process shut down: patches/postgres+3.4.9.patch). The server must stay up, answer
 * 503 (a problem document with Retry-After) while the database is gone, recover by itself once it is
 * back, and keep every entry it answered 201 for, once. Clients behave as the contract asks: a publish
 * answered 503 is sent again with the same Idempotency-Key, which must then run (not 409 for minutes).
 * Any answer but 200, 201 and 503, or a refused connection, fails the test; it prints its figures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoad } from '../helpers/load-loops.ts';
import { startPostgresInstance, type PostgresInstance } from '../helpers/postgres-instance.ts';
import { createProjectByCli, type Served, startServe } from '../helpers/run-cli.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WRITERS = 2;
const OUTAGES = 3;

describe('PostgreSQL stopped with -m immediate under load, then started again', () => {
  let pg: PostgresInstance;
  let dataDir: string;
  let server: Served;
  let env: Record<string, string>;
  beforeAll(async () => {
    pg = await startPostgresInstance();
    dataDir = await mkdtemp(join(tmpdir(), 'shiplog-faults-'));
    env = {
      DATABASE_URL: pg.url,
      SHIPLOG_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHIPLOG_API_RATE_LIMIT: '1000000',
    };
    server = await startServe(env);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await pg?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stays up, answers 503 while the database is gone, recovers, and loses no 201', async () => {
    const { apiKey, project } = await createProjectByCli(env, 'faults');
    let exited: { code: number | null } | undefined;
    void server.exited.then((code) => (exited = { code }));
    const load = startLoad(server.url, apiKey, { writers: WRITERS, readers: 1 });
    const recoveredAfterSeconds: number[] = [];
    const tally = () => ({
      answered201: load.count(201),
      answered200: load.count(200),
      answered503: load.count(503),
      other: load.others().length,
      recoveredAfterSeconds,
    });
    // What the server logged at error level or above, without the job queue's polling errors.
    const trouble = () =>
      server
        .log()
        .split('\n')
        .filter((line) => /"level":[56]0/.test(line) && !/job queue error/.test(line))
        .slice(0, 3)
        .join('\n')
        .slice(0, 3000);
    // A wait ends at once if the server exits, and a failed one says what the load saw and why.
    const wait = (what: string, probe: () => boolean, timeoutMs: number) =>
      waitUntil(
        what,
        () => {
          if (exited) throw new Error(`the server exited (code ${exited.code}) while waiting for ${what}`);
          return probe();
        },
        timeoutMs,
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${JSON.stringify(tally())}\n${trouble()}`);
      });

    for (let outage = 0; outage < OUTAGES; outage++) {
      const created = load.created.size;
      await wait('20 entries published', () => load.created.size >= created + 20, 60_000);
      const answered503 = load.count(503);
      await pg.stop('immediate');
      // The load goes on against a database that is gone: 503s, and a process that stays up.
      await wait('503s while the database is gone', () => load.count(503) >= answered503 + 6, 30_000);
      await sleep(2000);
      expect(exited, trouble()).toBeUndefined();
      await pg.start();
      const restarted = Date.now();
      // A bound on the wait, not a timing assertion: the figure is reported below.
      await wait('a write and a read answered again', () => load.recoveredAt(restarted) < Infinity, 30_000);
      recoveredAfterSeconds.push((load.recoveredAt(restarted) - restarted) / 1000);
    }
    const created = load.created.size;
    await wait('20 entries published after the last outage', () => load.created.size >= created + 20, 60_000);
    await load.stop();
    expect(exited, trouble()).toBeUndefined();
    expect(server.log()).not.toMatch(/shutting down after an error/);

    // What the database holds: every entry answered 201, once.
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    const rows = await sql<{ id: string; title: string; status: string }[]>`
      select id, title, status from entries where project_id = ${project.id}`;
    await sql.end();
    const stored = new Map(rows.map((r) => [r.id, r]));
    const lost = [...load.created.values()].filter((id) => stored.get(id)?.status !== 'published');
    const perTitle = new Map<string, number>();
    for (const r of rows) perTitle.set(r.title, (perTitle.get(r.title) ?? 0) + 1);
    const duplicated = [...perTitle].filter(([, n]) => n > 1).map(([title]) => title);

    const figures = { ...tally(), lost: lost.length, duplicated: duplicated.length };
    console.log(`fault figures (${WRITERS} writers, 1 reader, ${OUTAGES} outages)`, JSON.stringify(figures));
    expect(load.others(), JSON.stringify(figures)).toEqual([]);
    expect(load.problems503(), 'every 503 is a problem document with Retry-After').toEqual([]);
    expect(lost).toEqual([]);
    expect(duplicated).toEqual([]);

    // Shut down as usual once the database is back: a clean exit.
    server.child.kill('SIGTERM');
    expect(await server.exited, server.log().slice(-4000)).toBe(0);
  });
});
