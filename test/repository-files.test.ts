/**
 * A repository people can contribute to: its licence (package.json's), the Node version stated where a
 * newcomer looks (README, CONTRIBUTING, `.nvmrc`) and the same as `engines` and the `node`
 * devDependency, and Shiplog's own CHANGELOG.md, made by `npm run changelog` (run here as a child
 * process on a fixture repository: it drafts the release from the commits and writes it in place).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChangelogRepo, type ChangelogRepo } from './helpers/changelog-repo.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const text = (file: string) => readFileSync(join(root, file), 'utf8');
const pkg = JSON.parse(text('package.json')) as {
  license: string;
  engines: { node: string };
  devDependencies: Record<string, string>;
};

let repo: ChangelogRepo;
beforeAll(async () => {
  repo = await buildChangelogRepo();
});
afterAll(() => repo.remove());

describe('the repository', () => {
  it('says its licence, MIT as package.json does, for the Shiplog maintainers', () => {
    expect(pkg.license).toBe('MIT');
    expect(text('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the Shiplog maintainers\n/);
  });

  it('states Node 24 the same way everywhere a newcomer looks', () => {
    const major = text('.nvmrc').trim();
    expect(major).toBe('24');
    expect(pkg.engines.node).toBe(`>=${major}`);
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${major}\\.`));
    expect(text('README.md')).toContain(`**Node.js ${major}**`);
    expect(text('CONTRIBUTING.md')).toContain(`**Node.js ${major}**`);
    for (const file of ['CONTRIBUTING.md', 'CHANGELOG.md', 'LICENSE'])
      expect(text('README.md')).toContain(`](${file}`);
  });

  it('installs without an engine warning on that Node: every locked package admits it', () => {
    const node = `${text('.nvmrc').trim()}.0.0`;
    const lock = JSON.parse(text('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => ({
        path,
        range: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(
        ({ range }) => range !== undefined && !semver.satisfies(node, range, { includePrerelease: true }),
      )
      .map(({ path, range }) => `${path}: ${range}`);
    expect(refusing).toEqual([]);
  });

  it('says in CONTRIBUTING how to run, test, lint and typecheck, and how to write a commit', () => {
    const guide = text('CONTRIBUTING.md');
    for (const command of [
      'npm ci',
      'npm start',
      'npm test',
      'npm run test:cli',
      'npm run test:action',
      'npm run test:e2e',
      'npm run lint',
      'npm run typecheck',
    ])
      expect(guide).toContain(command);
    expect(guide).toMatch(/^## Commits\n[\s\S]*Conventional Commits[\s\S]*`BREAKING CHANGE:`/m);
    // The scripts it names are the package's own.
    const scripts = (JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts;
    for (const [, name] of guide.matchAll(/npm run ([\w:-]+)/g)) expect(Object.keys(scripts)).toContain(name);
  });

  it('gives editors the layout Prettier checks (.editorconfig)', () => {
    const prettier = JSON.parse(text('.prettierrc.json')) as { printWidth: number };
    const config = text('.editorconfig');
    expect(config).toMatch(/^root = true$/m);
    expect(config).toContain(`max_line_length = ${prettier.printWidth}`);
    expect(config).toMatch(/^\[\*\]\n(?:.+\n)*?end_of_line = lf\n(?:.+\n)*?indent_style = space\n/m);
  });

  it('writes its changelog with Shiplog: `npm run changelog` drafts the release from the commits, in place', async () => {
    const out = join(repo.dir, 'OWN.md');
    const args = [
      'scripts/write-own-changelog.ts',
      '--git-dir',
      repo.dir,
      '--out',
      out,
      '--version',
      '2.0.0',
    ];
    const first = await run(process.execPath, args, { cwd: root });
    expect(first.stdout).toMatch(
      /^Wrote 2\.0\.0 \(2023-03-02\) in .*OWN\.md: drafted from 7 commit\(s\)\.\n$/,
    );
    const written = await readFile(out, 'utf8');
    expect(written).toMatch(/^# Changelog\n\n## 2\.0\.0 - 2023-03-02\n/);
    // The offline drafter's reading of the commits: the breaking launch and the fix are items.
    expect(written).toMatch(/[Ll]aunch from the command line/);
    expect(written).toMatch(/crash on an empty config/i);
    const again = await run(process.execPath, args, { cwd: root });
    expect(again.stdout).toMatch(/^Unchanged 2\.0\.0/);
    expect(text('CHANGELOG.md')).toMatch(/^# Changelog\n\n## \d+\.\d+\.\d+ - \d{4}-\d{2}-\d{2}\n\n- /);
  });
});
