/** The `shiplog` bin as a child process, the way a user runs it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { main } from '../../server/cli/main.ts';
import { buildChangelogRepo, type ChangelogRepo } from './changelog-repo.ts';
import { createTestDatabase, databaseEnv, type TestDatabase } from './test-database.ts';

export const CLI = join(import.meta.dirname, '../../server/cli/shiplog.ts');

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Run one CLI command to completion. `env` replaces the Shiplog variables of this process. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * One CLI command run in this process through `main()`, the CLI's own entry minus the process: the
 * same parsing, output and exit codes as {@link runCli}, without starting Node (seconds a command). For
 * what does not depend on the process boundary (usage, validation, help, admin commands on a database
 * no server holds); `serve`, signals and a second terminal beside a running server use {@link runCli}.
 */
export async function runCliInProcess(args: string[], env: Record<string, string>): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(
    args,
    { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) },
    { PATH: process.env.PATH ?? '', ...env },
  );
  return { code, stdout, stderr };
}

/** Start `shiplog serve` on a free port; resolves once it listens. */
export function startServe(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{
  child: ChildProcess;
  url: string;
  log: () => string;
  /** Resolves once the server's output matches `pattern` (already, or later). */
  waitForLog: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', ...args], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const watchers: { pattern: RegExp; done: () => void }[] = [];
    const waitForLog = (pattern: RegExp) =>
      new Promise<void>((done) => {
        if (pattern.test(output)) done();
        else watchers.push({ pattern, done });
      });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const onData = (d: Buffer) => {
      output += d;
      for (const w of watchers.filter((x) => x.pattern.test(output))) {
        watchers.splice(watchers.indexOf(w), 1);
        w.done();
      }
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, url: match[1]!, log: () => output, waitForLog, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening:\n${output}`)));
  });
}

/**
 * The environment of one test file's CLI runs: a fresh test database (dropped in `afterAll`; the
 * embedded one with `embedded: true`, else PostgreSQL when DATABASE_URL is set), `LOG_LEVEL=info`, and
 * `extra`. The object is filled in place by `beforeAll`.
 */
export function useCliEnv(
  extra: Record<string, string> = {},
  options: { embedded?: boolean } = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
    Object.assign(env, { ...databaseEnv(database), LOG_LEVEL: 'info', ...extra });
  });
  afterAll(() => database?.drop());
  return env;
}

/**
 * For a file testing `shiplog import`: the tagged git repository of changelog-repo.ts (built in
 * `beforeAll`, removed in `afterAll`) with its `changelog` path, and a pro project for each of `slugs`
 * in `env` (call after {@link useCliEnv}, whose `beforeAll` fills `env` first). Filled in place.
 */
export function useImportRepo(
  env: Record<string, string>,
  slugs: readonly string[],
): ChangelogRepo & { changelog: string } {
  const repo = { dir: '', changelog: '', remove: async () => {} };
  beforeAll(async () => {
    Object.assign(repo, await buildChangelogRepo());
    repo.changelog = join(repo.dir, 'CHANGELOG.md');
    for (const slug of slugs)
      expect(
        (await runCliInProcess(['projects', 'create', '--name', slug, '--slug', slug, '--plan', 'pro'], env))
          .code,
      ).toBe(0);
  });
  afterAll(() => repo.remove());
  return repo;
}

/**
 * `shiplog projects create --name <name> --slug <slug> --plan pro --json` (exit 0 asserted): the new
 * project and its API key, as the command prints them.
 */
export async function createProjectByCli(
  env: Record<string, string>,
  slug: string,
  name = slug,
): Promise<{ project: { id: string; slug: string }; apiKey: string }> {
  const created = await runCli(
    ['projects', 'create', '--name', name, '--slug', slug, '--plan', 'pro', '--json'],
    env,
  );
  expect(created.code, created.stderr).toBe(0);
  return JSON.parse(created.stdout);
}

/** POST a published entry titled `title` to the server at `baseUrl` with `apiKey`, over a real socket. */
export function publishOverHttp(baseUrl: string, apiKey: string, title: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title, body: 'x', publish: true }),
  });
}

/** A running `shiplog serve`, as {@link startServe} answers. */
export type Served = Awaited<ReturnType<typeof startServe>>;

/**
 * Run `work` against a `shiplog serve` started with `env`, then stop it with SIGTERM and assert a
 * clean exit (0), whether `work` passed or threw.
 */
export async function whileServing<T>(
  env: Record<string, string>,
  work: (server: Served) => Promise<T>,
): Promise<T> {
  const server = await startServe(env);
  try {
    return await work(server);
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
}
