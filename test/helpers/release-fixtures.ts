/**
 * The real release fixtures in ../shared/fixtures/releases (commits between tags plus the notes the
 * project published): see that folder's README for the format.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type FixtureCommit = { sha: string; message: string; author: string };
export type Release = {
  repo: string;
  tag: string;
  previousTag: string;
  date: string;
  commitCount: number;
  commits: FixtureCommit[];
  releaseNotesHeading: string;
  releaseNotes: string;
};

export const RELEASES_DIR = join(import.meta.dirname, '../../../shared/fixtures/releases');

/** Every release of every fixture file, oldest first within a repository. */
export function loadReleases(): Release[] {
  return readdirSync(RELEASES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(RELEASES_DIR, f), 'utf8')) as Release[]);
}
