/**
 * What a change touched, read from its changed paths (docs/api.md#generate-a-draft-from-commits-and-pull-requests:
 * "the files it changed: only docs, tests, CI, tooling or the repository's `internal-paths`:
 * Maintenance; the product's sources: never dropped for its words alone").
 *
 * A path is one of:
 * - `docs`: documentation and prose: a documentation folder (`docs/`, `doc/`, `documentation/`, the
 *   website, `guides/`, `tutorials/`, `examples/`), a prose file by name anywhere (README, the changelog, CONTRIBUTING…) or by
 *   extension at the root (`UPGRADING.md`); an extension alone (`.md`, `.txt`) never makes a file in
 *   the product's own folders documentation;
 * - `tests`: tests (a folder named `test`/`tests` alone or beside another word: `integration_test/`,
 *   `test-utils/`), fixtures, test data and benchmarks;
 * - `ci`: CI and repository automation (`.github/`, `.gitlab-ci.yml`, `.circleci/`…);
 * - `tooling`: the project's own tooling and configuration (linters, formatters, editor and hook
 *   settings, dev scripts in `scripts/` or a root `script/`, container files for development);
 * - `dependencies`: lock files and package manifests (`package.json`, `Cargo.toml`, `go.mod`, `settings.gradle`,
 *   `requirements.txt`…; a change of only these is a dependency update);
 * - `internal`: a path of the repository's own `internal-paths` globs;
 * - `product`: a path of `productPaths` (the repository's `product-paths` and what the drafting profile
 *   learned: the paths of changes its notes listed), and anything else (sources, assets the product
 *   ships). `internal-paths` wins where both match.
 * The rules name kinds of files, never a particular project.
 */
import { posix } from 'node:path';

export type PathKind = 'docs' | 'tests' | 'ci' | 'tooling' | 'dependencies' | 'internal' | 'product';

/** What a whole change touched: the product, only internal work, only lock files, or unknown (no paths). */
export type Touched = 'product' | 'internal' | 'dependencies' | 'unknown';

const DIRECTORY_KINDS: [RegExp, PathKind][] = [
  [/(?:^|\/)(?:\.github|\.gitlab|\.circleci|\.buildkite|\.azure-pipelines|\.woodpecker|\.drone)\//i, 'ci'],
  [
    /(?:^|\/)(?:(?:[\w.]+[_-])?tests?(?:[_-][\w.-]+)?|__tests__|spec|specs|testdata|test_?data|fixtures?|benches|benchmarks?|e2e|cypress|playwright)\//i,
    'tests',
  ],
  [
    /(?:^|\/)(?:docs?|documentation|website|site|www|book|guides?|tutorials?|man|manuals?|examples?|blog)\//i,
    'docs',
  ],
  [
    // `script/` at the root: GitHub's "Scripts To Rule Them All" (script/bootstrap, script/release).
    /(?:^|\/)(?:\.husky|\.devcontainer|\.vscode|\.idea|\.cargo|scripts|tools|ci|xtask|\.changeset)\/|^script\//i,
    'tooling',
  ],
];

const FILE_KINDS: [RegExp, PathKind][] = [
  // A tool's configuration at the root (`eslint.config.js`, `vitest.config.ts`, `prettier.config.cjs`).
  [/^[\w.-]+\.config\.[cm]?[jt]s$/, 'tooling'],
  [
    /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|Gemfile\.lock|go\.sum|composer\.lock|mix\.lock|pubspec\.lock|Podfile\.lock|packages\.lock\.json|gradle\.lockfile|settings\.gradle(?:\.kts)?|flake\.lock|package\.json|Cargo\.toml|go\.mod|pyproject\.toml|setup\.cfg|Pipfile|requirements(?:[-_.][\w-]+)?\.(?:txt|in)|Gemfile|[\w-]+\.gemspec|composer\.json|mix\.exs|pubspec\.yaml|Podfile|pom\.xml|build\.gradle(?:\.kts)?|libs\.versions\.toml|[\w.-]+\.csproj|Directory\.Packages\.props)$/i,
    'dependencies',
  ],
  [
    /(?:^|\/)(?:\.gitlab-ci\.ya?ml|\.travis\.ya?ml|appveyor\.ya?ml|azure-pipelines\.ya?ml|codecov\.ya?ml|\.codecov\.ya?ml|renovate\.json5?|\.mergify\.ya?ml|cirrus\.ya?ml|\.cirrus\.ya?ml)$/i,
    'ci',
  ],
  [
    /(?:_test\.go|_test\.py|_spec\.rb|\.(?:test|spec)\.[cm]?[jt]sx?|Test\.java|Tests?\.kt|_test\.exs|\.snap)$|(?:^|\/)test_[^/]+\.py$|(?:^|\/)conftest\.py$/i,
    'tests',
  ],
  // Prose by name anywhere (README, CHANGELOG…), prose by extension only at the root (`UPGRADING.md`):
  // an extension alone never makes a file inside the product's folders documentation
  // (`templates/*.txt`, `prompts/*.md` are what the product ships; docs/ folders are below).
  [
    /^[^/]+\.(?:md|mdx|markdown|rst|adoc)$|(?:^|\/)(?:README|CHANGELOG|CHANGES|HISTORY|NEWS|AUTHORS|CONTRIBUTORS|CONTRIBUTING|CODE_OF_CONDUCT|SECURITY|LICENSE|LICENCE|COPYING|NOTICE|MAINTAINERS|FUNDING|UPGRADING|MIGRATING|RELEASING)(?:\.[\w]+)?$|(?:^|\/)mkdocs\.ya?ml$|(?:^|\/)\.readthedocs\.ya?ml$/i,
    'docs',
  ],
  [
    /(?:^|\/)(?:\.editorconfig|\.gitignore|\.gitattributes|\.git-blame-ignore-revs|\.mailmap|\.pre-commit-config\.ya?ml|\.pre-commit-hooks\.ya?ml|\.eslintrc(?:\.\w+)?|\.eslintignore|\.prettierrc(?:\.\w+)?|\.prettierignore|\.stylelintrc(?:\.\w+)?|biome\.jsonc?|\.rubocop(?:_todo)?\.yml|rustfmt\.toml|\.rustfmt\.toml|clippy\.toml|\.clippy\.toml|deny\.toml|typos\.toml|_typos\.toml|\.typos\.toml|\.markdownlint(?:\.\w+)?|\.yamllint(?:\.\w+)?|\.flake8|\.pylintrc|mypy\.ini|\.mypy\.ini|ruff\.toml|\.ruff\.toml|tox\.ini|noxfile\.py|\.coveragerc|\.nycrc(?:\.\w+)?|karma\.conf\.js|\.mocharc(?:\.\w+)?|phpunit\.xml(?:\.dist)?|phpstan\.neon(?:\.dist)?|psalm\.xml|\.php-cs-fixer(?:\.dist)?\.php|\.golangci\.ya?ml|\.goreleaser\.ya?ml|\.release-please-manifest\.json|release-please-config\.json|\.releaserc(?:\.\w+)?|dependabot\.ya?ml|\.dockerignore|\.nvmrc|\.node-version|\.tool-versions|\.python-version|\.ruby-version|rust-toolchain(?:\.toml)?|\.envrc|justfile|Justfile|\.cspell\.json|cspell\.json)$/i,
    'tooling',
  ],
];

/**
 * The kind of one repository-relative path.
 * @param internalPaths the repository's own globs whose changes alone are Maintenance (`internal-paths`).
 * @param productPaths globs that are the product's whatever the built-in rules say (`product-paths`,
 *   the profile's learned `productPaths`).
 */
export function pathKind(
  path: string,
  internalPaths: readonly string[] = [],
  productPaths: readonly string[] = [],
): PathKind {
  const normalized = path.replace(/^\.\//, '');
  if (internalPaths.some((glob) => posix.matchesGlob(normalized, glob))) return 'internal';
  if (productPaths.some((glob) => posix.matchesGlob(normalized, glob))) return 'product';
  for (const [pattern, kind] of FILE_KINDS) if (pattern.test(normalized)) return kind;
  for (const [pattern, kind] of DIRECTORY_KINDS) if (pattern.test(normalized)) return kind;
  return 'product';
}

/**
 * What a change touched, from all its paths: `product` when any path is the product's, `dependencies`
 * when every path is a lock file, `internal` when every path is docs, tests, CI, tooling or
 * `internal-paths` (lock files among them), `unknown` without paths.
 */
export function touchedBy(
  paths: readonly string[] | null,
  internalPaths: readonly string[] = [],
  productPaths: readonly string[] = [],
): Touched {
  if (!paths || paths.length === 0) return 'unknown';
  const kinds = paths.map((p) => pathKind(p, internalPaths, productPaths));
  if (kinds.includes('product')) return 'product';
  if (kinds.every((k) => k === 'dependencies')) return 'dependencies';
  return 'internal';
}

/** The internal areas a change touched, most paths first (`docs`, `tests`, `CI`…), for the maintenance line. */
export function internalAreasOf(paths: readonly string[], internalPaths: readonly string[] = []): PathKind[] {
  const counts = new Map<PathKind, number>();
  for (const p of paths) {
    const kind = pathKind(p, internalPaths);
    if (kind !== 'product') counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k);
}
