/**
 * The CLI's commands through its entry, `main()`, in this process (the same parsing, output and exit
 * codes as the bin): exit codes and one-line failures, help and version, the free plan's hint, and no
 * database made by a command that needs one. `shiplog serve` as a child process, with a second terminal
 * beside it and a graceful shutdown, is test/cli/shiplog-serve.test.ts (`npm run test:cli`).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess, useCliEnv } from '../../helpers/run-cli.ts';

const env = useCliEnv();

// The project the refusals below name: a duplicate slug, bad values for its settings.
beforeAll(async () => {
  const created = await runCliInProcess(['projects', 'create', '--name', 'Acme', '--slug', 'acme'], env);
  expect(created.code, created.stderr).toBe(0);
});

describe('shiplog CLI', () => {
  it('exits 2 on bad usage and 1 with a one-line message on failure', async () => {
    const usage = await runCliInProcess(['projects', 'create', '--name', 'No slug'], env);
    expect(usage.code).toBe(2);
    const unknown = await runCliInProcess(['frobnicate'], env);
    expect(unknown.code).toBe(2);

    const duplicate = await runCliInProcess(['projects', 'create', '--name', 'Again', '--slug', 'acme'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe('shiplog: A project with slug "acme" already exists\n');

    const badSlug = await runCliInProcess(['projects', 'create', '--name', 'X', '--slug', 'Not A Slug'], env);
    expect(badSlug.code).toBe(1);
    expect(badSlug.stderr).toMatch(/^shiplog: slug: must be 1-64 characters/);

    const badPlan = await runCliInProcess(['projects', 'update', 'acme', '--plan', 'gold'], env);
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr).toMatch(/'gold' is invalid\. Allowed choices are free, pro, business/);
    const badTheme = await runCliInProcess(['projects', 'update', 'acme', '--theme', 'pink'], env);
    expect(badTheme.code).toBe(2);
    expect(badTheme.stderr).toMatch(/Allowed choices are light, dark, auto/);
    const badAccent = await runCliInProcess(['projects', 'update', 'acme', '--accent', 'red'], env);
    expect(badAccent.code).toBe(2);
    expect(badAccent.stderr).toMatch(/#RRGGBB/);
    const badPort = await runCliInProcess(['serve', '--port', 'eighty'], env);
    expect(badPort.code).toBe(2);
    const noOp = await runCliInProcess(['projects', 'update', 'acme'], env);
    expect(noOp.code).toBe(2);
    expect(noOp.stderr).toMatch(/nothing to update: give at least one of --name, --plan/);

    const badConfig = await runCliInProcess(['migrate'], { ...env, PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toMatch(/PORT/);
    expect(badConfig.stderr).toMatch(/LOG_LEVEL/);
    expect(badConfig.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('prints its version, describes every command, and lists the environment under serve --help', async () => {
    const version = await runCliInProcess(['--version'], env);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    for (const group of [[], ['projects'], ['keys']]) {
      const help = await runCliInProcess([...group, '--help'], env);
      expect(help.code).toBe(0);
      const commands = help.stdout.slice(help.stdout.indexOf('Commands:')).split('\n').slice(1);
      // Every listed command has a description after its usage column.
      for (const line of commands.filter((l) => /^ {2}\S/.test(l))) expect(line).toMatch(/\S {2,}\S/);
    }
    const serveHelp = await runCliInProcess(['serve', '--help'], env);
    expect(serveHelp.stdout).toMatch(/--port <port>/);
    expect(serveHelp.stdout).toMatch(/DATABASE_URL/);
  });

  it('projects create without --plan says the free plan has no API access and how to upgrade', async () => {
    const created = await runCliInProcess(
      ['projects', 'create', '--name', 'Free', '--slug', 'free-one'],
      env,
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('npx shiplog projects update free-one --plan pro');
    const asJson = await runCliInProcess(
      ['projects', 'create', '--name', 'Free', '--slug', 'free-two', '--json'],
      env,
    );
    expect(JSON.parse(asJson.stdout).project.plan).toBe('free');
    expect(asJson.stderr).toContain('npx shiplog projects update free-two --plan pro');
  });
});

describe('shiplog CLI without a database', () => {
  it('never creates one: keys list in an empty directory exits 1 naming the path and the fix', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'shiplog-empty-'));
    try {
      const result = await runCliInProcess(['keys', 'list', 'my-app'], {
        SHIPLOG_DATA_DIR: join(empty, '.shiplog'),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^shiplog: no Shiplog database in .*\.shiplog: start the server there first/,
      );
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(await readdir(empty)).toEqual([]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
