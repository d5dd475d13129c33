/**
 * Which npm script runs a test file (docs/testing.md): one that starts the `shiplog` bin as a child
 * process (`runCli`, `startServe`, `whileServing`, `createProjectByCli` or the bin's path `CLI`, from
 * helpers/run-cli.ts) is in test/cli/ (`npm run test:cli`) or test/faults/ (`npm run test:faults`);
 * `npm test`'s files drive the CLI in their own process through `main()` (`runCliInProcess`). One that
 * starts the Action's committed bundle (`runActionStep` or the bundle's path `ACTION_BUNDLE`, from
 * helpers/run-action.ts) is in test/action-bundle/ (`npm run test:action`). So `npm test` stays within
 * 5 minutes on 2 cores. CI (`.ci/run`) runs every `test:*` script.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/** What helpers/run-cli.ts exports that starts the bin as a child process. */
const CHILD_PROCESS = new Set(['runCli', 'startServe', 'whileServing', 'createProjectByCli', 'CLI']);
const APART = /^test\/(cli|faults)\//;
/** What helpers/run-action.ts exports that starts the Action's bundle as a child process. */
const BUNDLE_RUN = new Set(['runActionStep', 'ACTION_BUNDLE']);
const BUNDLE_APART = /^test\/(action-bundle|faults)\//;

/** The names a test file imports from helpers/`helper`.ts that are among `names`. */
function importsOf(file: string, helper: string, names: Set<string>): string[] {
  const from = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'[./]*helpers/${helper}\\.ts'`, 'g');
  const imports = text(file).matchAll(from);
  return [...imports]
    .flatMap((m) => m[1]!.split(','))
    .map(
      (name) =>
        name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!,
    )
    .filter((name) => names.has(name));
}

/** The names a test file imports from helpers/run-cli.ts that start the bin as a child process. */
const childProcessImports = (file: string) => importsOf(file, 'run-cli', CHILD_PROCESS);
/** The names a test file imports from helpers/run-action.ts that start the Action's bundle. */
const bundleRunImports = (file: string) => importsOf(file, 'run-action', BUNDLE_RUN);

describe('the test scripts', () => {
  it('start the shiplog bin as a child process only in test/cli/ and test/faults/, not in npm test', () => {
    const files = globSync('test/**/*.test.ts', { cwd: ROOT });
    const inNpmTest = files
      .filter((file) => !APART.test(file))
      .flatMap((file) => childProcessImports(file).map((name) => `${file}: ${name}`));
    expect(inNpmTest).toEqual([]);
    // The rule reads the imports the moved files really have.
    expect(
      files.filter((file) => file.startsWith('test/cli/') && childProcessImports(file).length),
    ).not.toEqual([]);
  });

  it("start the Action's bundle as a child process only in test/action-bundle/, not in npm test", () => {
    const files = globSync('test/**/*.test.ts', { cwd: ROOT });
    const inNpmTest = files
      .filter((file) => !BUNDLE_APART.test(file))
      .flatMap((file) => bundleRunImports(file).map((name) => `${file}: ${name}`));
    expect(inNpmTest).toEqual([]);
    // The rule reads the imports the moved files really have.
    expect(
      files.filter((file) => file.startsWith('test/action-bundle/') && bundleRunImports(file).length),
    ).not.toEqual([]);
  });

  it('are each run by CI (.ci/run): npm run test:cli and test:action on both databases, as npm test', () => {
    const scripts = (JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:cli']).toBe('vitest run --config vitest.cli.config.ts');
    expect(scripts['test:action']).toBe('vitest run --config vitest.action.config.ts');
    const ci = text('.ci/run');
    for (const name of Object.keys(scripts).filter((s) => s.startsWith('test:')))
      expect(ci, name).toMatch(new RegExp(`^(DATABASE_URL=\\S+ )?npm run ${name}$`, 'm'));
    for (const name of ['test:cli', 'test:action']) {
      expect(ci, name).toMatch(new RegExp(`^npm run ${name}$`, 'm'));
      expect(ci, name).toMatch(new RegExp(`^DATABASE_URL="\\$PG_URL" npm run ${name}$`, 'm'));
    }
  });
});
