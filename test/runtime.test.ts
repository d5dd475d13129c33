/**
 * Every npm script runs on Node 24 (package.json `engines`), supplied by the `node` devDependency,
 * whose install script npm must be allowed to run (`allowScripts`: npm 11 skips unreviewed install
 * scripts, and a skipped one would leave the machine's own Node behind every script).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
  devDependencies: Record<string, string>;
};

describe('the runtime', () => {
  it('is Node 24, from the node devDependency', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(pkg.devDependencies.node).toMatch(/^\^24\./);
  });

  it('lets npm run the install scripts that provide it (node, and esbuild for the bundles)', () => {
    expect(pkg.allowScripts).toMatchObject({ node: true, esbuild: true });
  });
});
