/**
 * The documentation's relative links resolve: in README.md and every docs/**\/*.md page, each inline
 * link, image and reference-style definition that is not an absolute URL must name a file that exists
 * and, with a `#anchor` into a Markdown page, a heading of that page by GitHub's anchor rule
 * (github-slugger: lower case, spaces to `-`, punctuation dropped, `-1`, `-2` on repeated headings).
 * Links are read with marked's lexer, so code spans and fenced blocks are not links.
 *
 * The code cites the same docs: a `docs/<page>.md#anchor` in a comment of the source, the tests, the
 * benchmarks or the scripts (TypeScript and JavaScript comments as the TypeScript parser finds them,
 * `--` lines of SQL migrations) must name a page that exists and a heading of it. A rule is cited from
 * the repository's own docs, so a file a clone does not have is never cited: the name of the
 * specification's companion file appears nowhere in the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, globSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, marked, type Token } from 'marked';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** A scheme (`https:`, `mailto:`) or a protocol-relative `//host`: not a file of this repository. */
const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** README.md and every Markdown page under docs/, relative to `root`. */
function markdownPages(root: string): string[] {
  return ['README.md', ...globSync('docs/**/*.md', { cwd: root })].sort();
}

/** A heading's text as GitHub renders it: code spans' content, links' text, no HTML tags. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'html') return '';
      if ('tokens' in token && token.tokens) return plainText(token.tokens);
      return 'text' in token ? String(token.text) : '';
    })
    .join('');
}

/** The anchors GitHub gives a page's headings, in order of appearance. */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  void marked.walkTokens(Lexer.lex(markdown), (token) => {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText(token.tokens ?? [])));
  });
  return anchors;
}

/** Every link destination of a page: inline and reference-style links, images, link definitions. */
function destinations(markdown: string): string[] {
  const hrefs: string[] = [];
  void marked.walkTokens(Lexer.lex(markdown), (token) => {
    if (token.type === 'link' || token.type === 'image' || token.type === 'def')
      hrefs.push(String(token.href));
  });
  return hrefs;
}

/**
 * The relative links of `pages` (paths under `root`) that do not resolve, one line each:
 * `page: href: why`. A path is relative to its page (`/…` to `root`); an anchor is checked only when
 * it points into a Markdown file (the page itself when the path is empty).
 */
function brokenLinks(root: string, pages: string[]): string[] {
  const problems: string[] = [];
  const anchors = new Map<string, Set<string>>();
  for (const page of pages) {
    const pagePath = join(root, page);
    for (const href of destinations(readFileSync(pagePath, 'utf8'))) {
      if (ABSOLUTE.test(href)) continue;
      const [pathPart = '', anchor] = href.split(/#(.*)/s);
      const file = decodeURI(pathPart);
      const target =
        file === '' ? pagePath : file.startsWith('/') ? join(root, file) : resolve(dirname(pagePath), file);
      if (!existsSync(target)) {
        problems.push(`${page}: ${href}: no file ${relative(root, target)}`);
        continue;
      }
      if (anchor === undefined || !target.endsWith('.md')) continue;
      if (!anchors.has(target)) anchors.set(target, anchorsOf(readFileSync(target, 'utf8')));
      if (!anchors.get(target)!.has(decodeURIComponent(anchor)))
        problems.push(`${page}: ${href}: no heading #${anchor} in ${relative(root, target)}`);
    }
  }
  return problems;
}

/** The name no file may carry: a companion of the team's specification, which a clone does not have. */
const UNSHIPPED = ['CONTRACT', 'md'].join('.');

/** The code whose comments cite docs/: every source, test, benchmark and script, never a build. */
function codeFiles(root: string): string[] {
  return globSync(
    '{action,app,bench,core,dashboard,eslint,scripts,server,test,widget}/**/*.{ts,tsx,js,mjs,cjs,sql}',
    {
      cwd: root,
      exclude: (name) => name === 'node_modules' || name === 'dist',
    },
  ).sort();
}

/** The text of every comment of a TypeScript or JavaScript file, as the parser sees it (not strings). */
function scriptComments(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const starts = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) starts.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...starts.values()];
}

/** The comments of a code file: `--` to the end of the line in SQL, the parser's comments elsewhere. */
function commentsOf(path: string, text: string): string[] {
  if (path.endsWith('.sql')) return text.match(/--.*$/gm) ?? [];
  return scriptComments(path, text);
}

/**
 * The citations of docs/ in the comments of `files` (paths under `root`) that do not resolve, one line
 * each: `file: citation: why`.
 */
function brokenCitations(root: string, files: string[]): string[] {
  const problems: string[] = [];
  const anchors = new Map<string, Set<string>>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!text.includes('docs/')) continue;
    for (const comment of commentsOf(file, text)) {
      for (const [cited, page = '', anchor] of comment.matchAll(/\b(docs\/[\w./-]*\w\.md)(?:#([\w-]+))?/g)) {
        const target = join(root, page);
        if (!existsSync(target)) {
          problems.push(`${file}: ${cited}: no file ${page}`);
          continue;
        }
        if (anchor === undefined) continue;
        if (!anchors.has(target)) anchors.set(target, anchorsOf(readFileSync(target, 'utf8')));
        if (!anchors.get(target)!.has(anchor))
          problems.push(`${file}: ${cited}: no heading #${anchor} in ${page}`);
      }
    }
  }
  return problems;
}

/** The files of the repository (tracked, or new and not ignored) that name the unshipped file. */
function filesNaming(root: string, name: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)))
    .filter((file) => readFileSync(join(root, file), 'latin1').includes(name))
    .sort();
}

describe('documentation links', () => {
  it('every relative link of README.md and docs/ names an existing file and heading', () => {
    const pages = markdownPages(ROOT);
    expect(pages).toContain('docs/configuration.md');
    expect(brokenLinks(ROOT, pages)).toEqual([]);
  });

  it("README's table of contents links every docs/ page", () => {
    const linked = new Set(
      destinations(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((href) => href.split('#')[0]),
    );
    const missing = markdownPages(ROOT).filter((page) => page.startsWith('docs/') && !linked.has(page));
    expect(missing).toEqual([]);
  });

  it('reports a missing file, image, definition and heading; ignores URLs and code', () => {
    const root = mkdtempSync(join(tmpdir(), 'shiplog-links-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'docs/pic.png'), '');
      writeFileSync(join(root, 'README.md'), '# Top heading\n\n## Top heading\n');
      writeFileSync(
        join(root, 'docs/a.md'),
        [
          '# Page A',
          '',
          '## How good the drafts are: `npm run eval:drafts`',
          '',
          'Fine: [up](../README.md#top-heading-1), [here](#how-good-the-drafts-are-npm-run-evaldrafts),',
          '![pic](pic.png), [self](a.md), [root](/README.md), [web](https://example.com/x.md#y),',
          '[mail](mailto:a@example.com), `[code](none.md)`.',
          '',
          'Broken: [gone](missing.md), [anchor](../README.md#nowhere), ![image](nope.png), [ref][r].',
          '',
          '```markdown',
          '[fenced](none.md)',
          '```',
          '',
          '[r]: elsewhere.md#x',
          '',
        ].join('\n'),
      );
      expect(brokenLinks(root, markdownPages(root))).toEqual([
        'docs/a.md: missing.md: no file docs/missing.md',
        'docs/a.md: ../README.md#nowhere: no heading #nowhere in README.md',
        'docs/a.md: nope.png: no file docs/nope.png',
        'docs/a.md: elsewhere.md#x: no file docs/elsewhere.md',
        'docs/a.md: elsewhere.md#x: no file docs/elsewhere.md',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('every docs/ page and heading cited in a comment of the code exists', () => {
    const files = codeFiles(ROOT);
    expect(files).toContain('server/app.ts');
    expect(files).toContain('server/db/migrations/0001_core.sql');
    expect(brokenCitations(ROOT, files)).toEqual([]);
  });

  it('no file of the repository names a file its clone does not have', () => {
    expect(filesNaming(ROOT, UNSHIPPED)).toEqual([]);
  });

  it('reports a cited page or heading that does not exist; ignores strings and other text', () => {
    const root = mkdtempSync(join(tmpdir(), 'shiplog-cites-'));
    try {
      mkdirSync(join(root, 'docs'));
      mkdirSync(join(root, 'server/db'), { recursive: true });
      writeFileSync(join(root, 'docs/api.md'), '# API\n\n## Generate a draft\n');
      writeFileSync(
        join(root, 'server/a.ts'),
        [
          '/** Fine: docs/api.md#generate-a-draft, docs/api.md and docs/api.md#api. */',
          "const path = 'docs/gone.md#nowhere'; // broken: docs/api.md#generate",
          'const re = /docs\\/x\\.md/; /* broken: docs/gone.md */',
          'export const tpl = `docs/api.md#${path}${re.source}`;',
          '',
        ].join('\n'),
      );
      writeFileSync(join(root, 'server/db/0001_a.sql'), "-- docs/api.md#gone\nselect 'docs/gone.md';\n");
      expect(brokenCitations(root, ['server/a.ts', 'server/db/0001_a.sql'])).toEqual([
        'server/a.ts: docs/api.md#generate: no heading #generate in docs/api.md',
        'server/a.ts: docs/gone.md: no file docs/gone.md',
        'server/db/0001_a.sql: docs/api.md#gone: no heading #gone in docs/api.md',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
