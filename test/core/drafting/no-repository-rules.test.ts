/**
 * No drafting rule names a particular repository (issue 31: "no rule names a particular repository,
 * product or tool … a test scans the rule files for the corpus's repository names and fails if one
 * appears"). The code of every drafting module (its comments left out: a docstring may cite where a
 * rule was seen) is scanned for the owner and name of every repository of the evaluation corpus and of
 * the test fixtures. A few names are also the names of a language ecosystem's own files (Poetry's and
 * Composer's lock files and manifests, which every project of that ecosystem has): those exact uses
 * are allowed, by the file name, and nothing else of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
/** The drafting library and the service around it. */
const DRAFTING = ['core/drafting', 'server/services/drafting'];
const sources = (
  JSON.parse(readFileSync(join(ROOT, 'bench/eval/corpus-sources.json'), 'utf8')) as {
    sources: { repo: string }[];
  }
).sources.map((s) => s.repo);
const fixtures = ['BurntSushi/ripgrep', 'expressjs/express', 'orhun/git-cliff'];

/** Ordinary English words among the names: matched only as a whole identifier-like token of the code. */
const WORDS = new Set(['task', 'click', 'requests', 'rich', 'bat', 'rack', 'express', 'encode', 'fd', 'tj']);
/** An ecosystem's own files: `poetry.lock`, `composer.json`, `composer.lock`. */
const ECOSYSTEM_FILES = /poetry\\\.lock|composer\\\.(?:lock|json)/gi;

/** The code of `text` without comments (line and block comments; strings and regexes kept). */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');
}

const names = [...new Set([...sources, ...fixtures].flatMap((repo) => repo.toLowerCase().split('/')))].filter(
  (n) => n.length >= 2,
);

describe('the drafting rules', () => {
  const files = DRAFTING.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(dir, f)),
  );
  it('scans the drafting code (not vacuous)', () => expect(files.length).toBeGreaterThan(20));
  it.each(files)('%s names no repository of the corpus', (file) => {
    const code = codeOf(readFileSync(join(ROOT, file), 'utf8')).replace(ECOSYSTEM_FILES, '');
    const found = names.filter((name) => {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = WORDS.has(name)
        ? new RegExp(`(?<![\\w-])${escaped}(?![\\w-])(?=\\\\?\\.|\\b[A-Z]|\\/)`, 'i')
        : new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'i');
      return pattern.test(code);
    });
    expect(found).toEqual([]);
  });

  it('would catch a rule naming one (the scan is not vacuous)', () => {
    const planted = codeOf("const QUIRK = /ripgrep's printer|sidekiq web/; // a comment naming fzf");
    const found = names.filter((n) => new RegExp(`(?<![\\w-])${n}(?![\\w-])`, 'i').test(planted));
    expect(found.sort()).toEqual(['ripgrep', 'sidekiq']);
  });
});
