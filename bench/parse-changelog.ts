/**
 * `npm run bench -- parse-changelog`: reading a long Keep a Changelog file (4,000 releases, a compare
 * link definition per release, about 0.5 MiB) with `parseChangelog` against marked's lexing of the same
 * text, the fastest of 5 runs each, in one process. Goal: ≤ 3 (parsing costs about one lexing since the
 * definitions are indexed once, core/parse-changelog.ts; read per release they made it 9 to 23 times).
 * A figure here, not an assertion in a test: a test must not depend on the machine's speed.
 */
import { Lexer } from 'marked';
import { parseChangelog } from '../core/parse-changelog.ts';

const RELEASES = 4000;
const RUNS = 5;

/** The changelog: newest first, one fix a release, and Keep a Changelog's footer of compare links. */
export function longChangelog(releases = RELEASES): string {
  const versions = Array.from(
    { length: releases },
    (_, i) => `${Math.floor((releases - i) / 100)}.${i % 100}.0`,
  );
  return [
    '# Changelog',
    '',
    ...versions.flatMap((v) => [`## [${v}] - 2024-01-02`, '', '### Fixed', '', `- A fix in ${v}.`, '']),
    ...versions.map((v, i) => `[${v}]: https://example.com/compare/v${versions[i + 1] ?? '0.0.1'}...v${v}`),
  ].join('\n');
}

function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export async function parseChangelogBench(): Promise<Record<string, number>> {
  const markdown = longChangelog();
  const lexingMs = fastest(() => Lexer.lex(markdown, { gfm: true }));
  const parsingMs = fastest(() => parseChangelog(markdown));
  return {
    releases: RELEASES,
    bytes: Buffer.byteLength(markdown),
    lexingMs: Number(lexingMs.toFixed(2)),
    parsingMs: Number(parsingMs.toFixed(2)),
    ratio: Number((parsingMs / lexingMs).toFixed(3)),
  };
}
