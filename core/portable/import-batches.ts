/**
 * An import in calls the route takes (docs/api.md#import-history-and-the-drafting-profile: 1-100
 * releases and up to 8 MiB a call), and the calls' answers added up into one. The one copy of both,
 * used by `shiplog import` (server/services/history/import-into-project.ts), the Action's
 * `import-changelog` (core/import-changelog.ts) and the dashboard's History page
 * (dashboard/src/api/history.ts).
 *
 * Browser-safe (docs/architecture.md "What the dashboard takes from core/"): standard JavaScript only,
 * no Node built-ins, no packages, and from the rest of core/ only types.
 */
import type { ImportLearning, ImportResponse, MAX_IMPORTED_RELEASES } from '../contract/history.schema.ts';

/** The most releases one call takes (the contract's constant: a type error if it changes). */
const MAX_RELEASES: typeof MAX_IMPORTED_RELEASES = 100;

/** Bytes of JSON a call holds at most: well under the route's 8 MiB. */
export const MAX_BATCH_BYTES = 6 * 1024 * 1024;

const encoder = new TextEncoder();

/**
 * `releases` in calls the route takes: at most 100 releases and {@link MAX_BATCH_BYTES} of JSON each,
 * in the order given. A single release larger than the limit is a call of its own (the route answers it).
 */
export function importBatches<T>(releases: readonly T[]): T[][] {
  const batches: T[][] = [];
  let bytes = 0;
  for (const release of releases) {
    const size = encoder.encode(JSON.stringify(release)).length;
    const last = batches.at(-1);
    if (!last || last.length >= MAX_RELEASES || bytes + size > MAX_BATCH_BYTES) {
      batches.push([release]);
      bytes = size;
    } else {
      last.push(release);
      bytes += size;
    }
  }
  return batches;
}

/** The answer of an import that imported nothing yet. */
export function emptyImportAnswer(): ImportResponse {
  return {
    imported: 0,
    replaced: 0,
    skipped: [],
    warnings: [],
    entries: [],
    profile: { releasesLearned: 0 },
    learning: { status: 'commits', repository: null, reason: null },
  };
}

/** What to tell of several calls' learning: that one cannot learn first, then that commits are fetched. */
const LEARNING_ORDER: ImportLearning['status'][] = ['none', 'fetching', 'commits'];
const moreTelling = (a: ImportLearning, b: ImportLearning) =>
  LEARNING_ORDER.indexOf(b.status) < LEARNING_ORDER.indexOf(a.status) ? b : a;

/**
 * `total` with one more call's `answer` added: counts summed, lists appended, the profile as it left
 * it, and of the learning the most telling (`none` over `fetching` over `commits`).
 */
export function addImportAnswer(total: ImportResponse, answer: ImportResponse): ImportResponse {
  return {
    imported: total.imported + answer.imported,
    replaced: total.replaced + answer.replaced,
    skipped: [...total.skipped, ...answer.skipped],
    warnings: [...total.warnings, ...answer.warnings],
    entries: [...total.entries, ...answer.entries],
    profile: answer.profile,
    learning: moreTelling(total.learning, answer.learning),
  };
}

/**
 * Import `releases` with one `send` per batch, one after the other (a project's imports take turns on
 * the server anyway), and answer as one import did.
 * @throws what `send` throws; the batches sent before it stay imported (each call is its own transaction).
 */
export async function importInBatches<T>(
  releases: readonly T[],
  send: (batch: T[]) => Promise<ImportResponse>,
): Promise<ImportResponse> {
  let total = emptyImportAnswer();
  for (const batch of importBatches(releases)) total = addImportAnswer(total, await send(batch));
  return total;
}
