/**
 * Which repositories are spent, and what a fresh set must be (bench/eval/spent-repositories.ts; issue
 * 37, "An honest evaluation": any set used for a decision moves to the tuned side, and a fresh set is
 * repositories nobody has looked at).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSources, type Source } from '../../bench/eval/build-corpus.ts';
import { freshSetProblems, spentRepositories } from '../../bench/eval/spent-repositories.ts';

const EVAL = join(import.meta.dirname, '../../bench/eval');
const listed = (
  JSON.parse(readFileSync(join(EVAL, 'spent-repositories.json'), 'utf8')) as { spent: { repo: string }[] }
).spent.map((s) => s.repo);

/** A fresh source of `repo` in `ecosystem` with five releases. */
const fresh = (repo: string, ecosystem: string): Source => ({
  repo,
  set: 'fresh',
  ecosystem,
  workflow: 'squash',
  style: 'free-form',
  changelog: 'CHANGELOG.md',
  heading: { style: 'atx', pattern: '^## {version}' },
  releases: [1, 2, 3, 4, 5].map((n) => [`1.${n - 1}.0`, `1.${n}.0`] as [string, string]),
  license: 'MIT',
});
const GOOD = [
  fresh('example/one', 'go'),
  fresh('example/two', 'go'),
  fresh('example/three', 'rust'),
  fresh('example/four', 'python'),
  fresh('example/five', 'ruby'),
  fresh('example/six', 'php'),
  fresh('example/seven', 'php'),
  fresh('example/eight', 'java'),
];

describe('the spent repositories', () => {
  it('are every corpus repository, tuned or held out, and no corpus repository is fresh', () => {
    const sources = loadSources();
    expect(sources).toHaveLength(20);
    expect(
      sources
        .filter((s) => s.set === 'held-out')
        .map((s) => s.repo)
        .sort(),
    ).toEqual(['composer/composer', 'jqlang/jq', 'psf/requests', 'sharkdp/bat', 'tj/commander.js']);
    expect(sources.every((s) => s.set === 'tuned' || s.set === 'held-out')).toBe(true);
    const spent = spentRepositories();
    for (const s of sources) expect(spent.get(s.repo.toLowerCase())).toBe(`corpus (${s.set})`);
  });

  it('list the fixtures, the seven reported fresh sets and the demonstration projects, each once and outside the corpus', () => {
    const corpus = new Set(loadSources().map((s) => s.repo.toLowerCase()));
    expect(listed).toHaveLength(85);
    expect(new Set(listed.map((r) => r.toLowerCase())).size).toBe(listed.length);
    for (const repo of listed) {
      expect(repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(corpus.has(repo.toLowerCase())).toBe(false);
    }
    const spent = spentRepositories();
    for (const repo of ['jsdom/jsdom', 'dart-lang/dart_style', 'hynek/structlog', 'BurntSushi/ripgrep'])
      expect(spent.has(repo.toLowerCase())).toBe(true);
  });
});

describe('a fresh set', () => {
  it.each([
    { file: 'fresh-sources.json', which: 'second', repositories: 10 },
    { file: 'fresh2-sources.json', which: 'third', repositories: 11 },
    { file: 'fresh3-sources.json', which: 'fourth', repositories: 12 },
    { file: 'fresh4-sources.json', which: 'fifth', repositories: 12 },
    { file: 'fresh5-sources.json', which: 'sixth', repositories: 12 },
    { file: 'fresh6-sources.json', which: 'seventh', repositories: 9 },
  ])(
    '$file (the $which) was one, and is spent now that its figures are reported',
    ({ file, which, repositories }) => {
      const sources = loadSources(join(EVAL, file));
      expect(sources).toHaveLength(repositories);
      expect(sources.every((s) => (s.note ?? '').length > 0)).toBe(true);
      // Once its repositories leave the spent list, it is a fresh set again: 8 or more, 5 ecosystems.
      const mark = `issue 37's ${which} fresh set`;
      const spentElsewhere = freshSetProblems(sources).filter((p) => !p.includes(mark));
      expect(spentElsewhere).toEqual([]);
      expect(new Set(sources.map((s) => s.ecosystem)).size).toBeGreaterThanOrEqual(5);
      const spent = spentRepositories();
      for (const s of sources) expect(spent.get(s.repo.toLowerCase())).toMatch(new RegExp(`^${mark}`));
    },
  );

  it('of 8 unspent repositories in 5 ecosystems, 5 releases each, has no problem', () => {
    expect(freshSetProblems(GOOD)).toEqual([]);
  });

  it('may not name a spent repository, whatever its case', () => {
    const set = [
      ...GOOD.slice(1),
      fresh('Oban-BG/Oban', 'elixir'),
      fresh('phoenixframework/phoenix', 'elixir'),
    ];
    expect(freshSetProblems(set)).toEqual([
      "Oban-BG/Oban is spent: issue 37's first fresh set (13 repositories), evaluated once for the closing figures of 2026-11-29, then spent",
      'phoenixframework/phoenix is spent: corpus (tuned)',
    ]);
  });

  it('needs 8 repositories, 5 ecosystems, 5 releases each, the fresh mark and a licence', () => {
    const short = { ...fresh('example/nine', 'go'), releases: GOOD[0]!.releases.slice(0, 4) };
    const unmarked: Source = { ...fresh('example/ten', 'go'), set: 'tuned', license: '' };
    expect(
      freshSetProblems([...GOOD.slice(0, 5), short, unmarked].map((s) => ({ ...s, ecosystem: 'go' }))),
    ).toEqual([
      'example/nine: 4 releases, fewer than 5',
      'example/ten: set is tuned, not fresh',
      'example/ten: no licence',
      '7 repositories, fewer than 8',
      '1 ecosystems, fewer than 5',
    ]);
  });
});
