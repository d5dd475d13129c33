/**
 * Which repositories are spent for a fresh set (bench/eval/MATCHER.md, "Which repositories are spent"),
 * and what a fresh set must be (issue 37, "An honest evaluation": at least 8 repositories nobody has
 * looked at, across ecosystems, with hand-written notes, reported on once).
 *
 * Spent: every repository of `corpus-sources.json` (tuned or held-out), every repository of the
 * committed fixtures (`test/fixtures/releases/`, `test/fixtures/drafting-eval/`), and every one
 * `spent-repositories.json` lists (earlier fresh sets, demonstration projects). GitHub's names are
 * case-insensitive, so they are compared in lower case.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSources, type Source, SOURCES_PATH } from './build-corpus.ts';

export const SPENT_PATH = join(import.meta.dirname, 'spent-repositories.json');
const FIXTURES = join(import.meta.dirname, '../../test/fixtures');

/** The fewest repositories, ecosystems and scored releases per repository of a fresh set. */
export const FRESH_MINIMUM = { repositories: 8, ecosystems: 5, releases: 5 };

/** `owner/name` (lower case) → why it is spent. */
export function spentRepositories(): Map<string, string> {
  const spent = new Map<string, string>();
  for (const s of loadSources(SOURCES_PATH)) spent.set(s.repo.toLowerCase(), `corpus (${s.set ?? 'tuned'})`);
  for (const dir of ['releases', 'drafting-eval'])
    for (const file of readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.json'))) {
      const records = JSON.parse(readFileSync(join(FIXTURES, dir, file), 'utf8')) as { repo: string }[];
      for (const r of records)
        if (!spent.has(r.repo.toLowerCase()))
          spent.set(r.repo.toLowerCase(), `test fixture (test/fixtures/${dir}/)`);
    }
  const listed = JSON.parse(readFileSync(SPENT_PATH, 'utf8')) as { spent: { repo: string; use: string }[] };
  for (const s of listed.spent) spent.set(s.repo.toLowerCase(), s.use);
  return spent;
}

/**
 * What keeps `sources` from being a fresh set, one sentence each (none: it is one): a spent
 * repository, a repository listed twice or not marked `fresh`, fewer than `FRESH_MINIMUM`
 * repositories, ecosystems, or releases in a repository, a source without its licence.
 */
export function freshSetProblems(sources: readonly Source[], spent = spentRepositories()): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const s of sources) {
    const key = s.repo.toLowerCase();
    const why = spent.get(key);
    if (why) problems.push(`${s.repo} is spent: ${why}`);
    if (seen.has(key)) problems.push(`${s.repo} is listed twice`);
    seen.add(key);
    if (s.set !== 'fresh') problems.push(`${s.repo}: set is ${s.set ?? 'absent'}, not fresh`);
    if (s.releases.length < FRESH_MINIMUM.releases)
      problems.push(`${s.repo}: ${s.releases.length} releases, fewer than ${FRESH_MINIMUM.releases}`);
    if (!s.license?.trim()) problems.push(`${s.repo}: no licence`);
  }
  if (seen.size < FRESH_MINIMUM.repositories)
    problems.push(`${seen.size} repositories, fewer than ${FRESH_MINIMUM.repositories}`);
  const ecosystems = new Set(sources.map((s) => s.ecosystem));
  if (ecosystems.size < FRESH_MINIMUM.ecosystems)
    problems.push(`${ecosystems.size} ecosystems, fewer than ${FRESH_MINIMUM.ecosystems}`);
  return problems;
}
