/**
 * A repository people can contribute to: its licence (package.json's), the Node version stated where a
 * newcomer looks (README, CONTRIBUTING, `.nvmrc`) and the same as `engines` and the `node`
 * devDependency, and Shiplog's own CHANGELOG.md, made by `npm run changelog` (run here as a child
 * process on a fixture repository: it drafts the release from the commits and writes it in place).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
    expect(existsSync(join(root, '.editorconfig'))).toBe(true);
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
