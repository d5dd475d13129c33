/**
 * The container (docs/deployment.md#scaling): Docker does not run here, so the
 * Dockerfile is read with dockerfile-ast and its final stage checked (multi-stage, Node 24, non-root),
 * its command is the very command the suite runs (`startServe`), and that command, started with the
 * image's environment, answers the image's own HEALTHCHECK; stopped, the check fails.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { Copy, DockerfileParser, type Env, type Instruction, JSONInstruction } from 'dockerfile-ast';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, startServe } from '../helpers/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const ROOT = join(import.meta.dirname, '../..');
const dockerfile = DockerfileParser.parse(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const instructions = dockerfile.getInstructions();
const lastFrom = instructions.findLastIndex((i) => i.getKeyword() === 'FROM');
const runtime = instructions.slice(lastFrom);
const all = (keyword: string) => runtime.filter((i) => i.getKeyword() === keyword);
const last = (keyword: string): Instruction | undefined => all(keyword).at(-1);
const execForm = (i: Instruction | undefined) =>
  i instanceof JSONInstruction ? i.getJSONStrings().map((s) => s.getJSONValue()) : [];

/** The image's command: ENTRYPOINT then CMD, both in exec form. */
const command = [...execForm(last('ENTRYPOINT')), ...execForm(last('CMD'))];
const imageEnv = Object.fromEntries(
  all('ENV').flatMap((i) => (i as Env).getProperties().map((p) => [p.getName(), p.getValue() ?? ''])),
);
/** HEALTHCHECK [options] CMD ["…"]: the exec-form array after CMD. */
const healthcheck = JSON.parse(
  /\bCMD\s+(\[.*\])\s*$/s.exec(last('HEALTHCHECK')?.getArgumentsContent() ?? '')?.[1] ?? '[]',
) as string[];

function runHealthcheck(env: Record<string, string>): Promise<number | null> {
  expect(healthcheck[0]).toBe('node');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, healthcheck.slice(1), {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    child.on('exit', resolve);
  });
}
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the Dockerfile', () => {
  it('builds in stages and runs Node 24 as a user other than root', () => {
    const froms = instructions.filter((i) => i.getKeyword() === 'FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(froms.at(-1)!.getArgumentsContent()).toMatch(/^node:24[.-]/);
    expect(all('COPY').some((c) => c instanceof Copy && c.getFromFlag() !== null)).toBe(true);
    expect(last('USER')?.getArgumentsContent()).toMatch(/^(?!root$|0$)\w+/);
    expect(last('HEALTHCHECK')?.getArgumentsContent()).toContain('/healthz');
  });

  it('runs `shiplog serve`: the command the test suite starts', () => {
    // WORKDIR is the repository's root in the image (`COPY . .`).
    expect(last('WORKDIR')?.getArgumentsContent()).toBe('/app');
    expect(command).toEqual(['node', relative(ROOT, CLI), 'serve']);
  });

  it('sends the files that command needs, and no tests or local data (.dockerignore allow-list)', () => {
    const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(ignore[0]).toBe('*');
    const allowed = ignore.filter((l) => l.startsWith('!')).map((l) => l.slice(1));
    const sent = (path: string) =>
      allowed.some((a) => path === a || path.startsWith(a.endsWith('/') ? a : `${a}/`));
    for (const path of [
      'package.json',
      'package-lock.json',
      relative(ROOT, CLI),
      'server/db/migrations',
      'widget/dist/widget.js',
      'core/contract',
      'app/index.ts',
    ])
      expect(sent(path), path).toBe(true);
    for (const path of [
      'test/cli/dockerfile.test.ts',
      'node_modules/fastify',
      '.git/HEAD',
      '.shiplog/pgdata',
      'bench/run.ts',
    ])
      expect(sent(path), path).toBe(false);
  });
});

describe('the image command with the image environment', () => {
  let database: TestDatabase;
  afterAll(() => database?.drop());

  it('answers its HEALTHCHECK while it runs, and fails it once stopped', { timeout: 180_000 }, async () => {
    database = await createTestDatabase();
    const port = String(await freePort());
    expect(imageEnv).toMatchObject({ HOST: '0.0.0.0', SHIPLOG_DATA_DIR: '/data' });
    // The volume (/data) is a temporary directory here; the database is the suite's.
    const env = {
      ...imageEnv,
      PORT: port,
      SHIPLOG_DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    };
    const server = await startServe(env);
    try {
      expect(await runHealthcheck({ PORT: port })).toBe(0);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    expect(await runHealthcheck({ PORT: port })).toBe(1);
  });
});
