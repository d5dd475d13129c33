/**
 * The second voice after the author's: what a change touched (docs/api.md#generate-a-draft-from-commits-and-pull-requests: the author's own signals decide first, then the files it changed, then
 * the project's drafting profile, and only then the words of an untyped subject).
 *
 * Where the author said nothing (`decidedBy` is still `words`) and the change's paths are known:
 * - only docs, tests, CI, tooling or `internal-paths` → Maintenance;
 * - only lock files → a dependency update;
 * - the product's sources → an item, even when its words sounded internal ("Report unused variables"
 *   touching the linter's own sources is that linter's feature).
 * A pull request a dependency bot opened is a dependency update unless it changed the product's own
 * files (a syntax or data submodule the product ships): the bot is its author, and its wording varies.
 * Noise and release commits stay what they are: their subject is all there is to them. A change typed
 * user-facing with a scope that names internal work (`feat(ci):`, `fix(test):`) is an item unless its
 * paths are only docs, tests, CI or tooling.
 */
import { type ClassifiedCommit, categoryFromProse } from '../changes/classify-commit.ts';
import { isDependencyBot } from '../changes/dependency-bots.ts';
import { touchedBy } from './touched-paths.ts';

/** `c` with its paths and line count, and the kind its paths decide where its author did not. */
export function applyEvidence(
  c: ClassifiedCommit,
  touched: {
    files?: readonly string[] | undefined;
    additions?: number | undefined;
    deletions?: number | undefined;
  },
  internalPaths: readonly string[] = [],
  productPaths: readonly string[] = [],
): ClassifiedCommit {
  const files = touched.files ? [...touched.files] : null;
  const lines = (touched.additions ?? 0) + (touched.deletions ?? 0);
  const withPaths = { ...c, files: files ?? c.files, lines: lines || c.lines };
  // `feat(ci):`, `fix(build):`: typed user-facing, scoped like internal work; only-internal files fold it.
  if (c.internalScope && c.kind === 'change' && !c.breaking)
    return touchedBy(files, internalPaths, productPaths) === 'internal'
      ? { ...withPaths, kind: 'maintenance', decidedBy: 'files' }
      : withPaths;
  if (c.decidedBy !== 'words' || c.kind === 'noise' || c.kind === 'release') return withPaths;
  if (c.kind === 'change' && !c.breaking && isDependencyBot(c.author))
    return touchedBy(files, internalPaths, productPaths) === 'product'
      ? { ...withPaths, decidedBy: 'files' }
      : { ...withPaths, kind: 'dependency', scope: 'deps', decidedBy: 'author' };
  switch (touchedBy(files, internalPaths, productPaths)) {
    case 'internal':
      return c.breaking ? withPaths : { ...withPaths, kind: 'maintenance', decidedBy: 'files' };
    case 'dependencies':
      return c.breaking ? withPaths : { ...withPaths, kind: 'dependency', decidedBy: 'files' };
    case 'product':
      return c.kind === 'maintenance'
        ? {
            ...withPaths,
            kind: 'change',
            category: categoryFromProse(c.text),
            decidedBy: 'files',
            internalWords: true,
          }
        : { ...withPaths, decidedBy: 'files' };
    case 'unknown':
      return withPaths;
  }
}
