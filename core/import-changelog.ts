/**
 * The Action's `import-changelog` (docs/api.md#import-history-and-the-drafting-profile: the Action "does the
 * same once (the first run)"): when the project has no imported entry yet (`GET /api/v1/entries?
 * origin=import&limit=1` is empty), the checkout's changelog is parsed (parse-changelog.ts; a
 * reStructuredText one through changelog-file/read-changelog-markup.ts), each
 * version dated and given its commits from the checkout's tags (collect-history.ts; the checkout needs
 * `fetch-depth: 0`), and imported (`POST /api/v1/entries/import`, in calls of at most 100 releases, each
 * with an Idempotency-Key so a retried call imports once). Otherwise it says it skipped. Dependencies
 * come in as arguments.
 */
import { changelogAsMarkdown } from './changelog-file/read-changelog-markup.ts';
import { collectReleaseHistory } from './collect-history.ts';
import type { GitRunner } from './collect-commits.ts';
import { olderReleases } from './older-releases.ts';
import { parseChangelog } from './parse-changelog.ts';
import { planImport } from './plan-import.ts';
import { importInBatches } from './portable/import-batches.ts';
import { deriveIdempotencyKey, type ShiplogClient } from './shiplog-client.ts';

export type ImportChangelogDeps = {
  shiplog: Pick<ShiplogClient, 'listEntries' | 'importEntries'>;
  /** Git in the checkout, or null without one (then dates come from the headings only). */
  git: GitRunner | null;
  /** Reads a file of the checkout (the changelog's path as given). */
  readFile: (path: string) => Promise<string>;
  log: { info: (message: string) => void; warning: (message: string) => void };
};

export type ImportChangelogOutcome =
  | { status: 'skipped'; reason: string }
  | { status: 'imported'; imported: number; replaced: number; skipped: number; releasesLearned: number };

/**
 * @param options.repository `owner/name`: the entries record it, and tags may carry its name.
 * @param options.drafting the version (or tag) this run drafts: it and newer versions are not imported
 *   (older-releases.ts), so the profile never learns from the release it is about to draft.
 * @throws Error naming the input when the file cannot be read or holds no release to import; the
 *   API's errors (ShiplogApiError) as they come.
 */
export async function importChangelogOnce(
  deps: ImportChangelogDeps,
  options: { path: string; repository: string; now?: Date; drafting?: string | null },
): Promise<ImportChangelogOutcome> {
  const existing = await deps.shiplog.listEntries({ origin: 'import', limit: 1 });
  if (existing.entries.length > 0) {
    const reason = 'the project already has imported history, so import-changelog did nothing (it runs once)';
    deps.log.info(`Skipped importing ${options.path}: ${reason}.`);
    return { status: 'skipped', reason };
  }
  let text: string;
  try {
    text = await deps.readFile(options.path);
  } catch (err) {
    throw new Error(
      `import-changelog: cannot read ${options.path} in the checkout (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      { cause: err },
    );
  }
  // A reStructuredText changelog (`.rst`, or no extension and written so) is read as its Markdown.
  const all = parseChangelog(changelogAsMarkdown(options.path, text));
  const parsed = { ...all, releases: olderReleases(all.releases, options.drafting ?? null) };
  for (const release of all.releases)
    if (!parsed.releases.includes(release))
      deps.log.info(
        `Not imported: ${release.version} (the version this run drafts, or a newer one: the profile never learns from the release it drafts).`,
      );
  const name = options.repository.split('/')[1] ?? '';
  const histories = deps.git
    ? await collectReleaseHistory(
        deps.git,
        parsed.releases.map((r) => r.version),
        { names: [name] },
      )
    : null;
  const plan = planImport(parsed, histories, options.now ?? new Date());
  for (const s of plan.skipped) deps.log.info(`Not imported: "${s.heading}" (${s.reason}).`);
  if (plan.releases.length === 0)
    throw new Error(
      `import-changelog: no release to import in ${options.path} (versions are read from headings such as "## 1.2.0" or "## [1.2.0] - 2024-01-02", in a .rst file from underlined titles; an undated one needs its tag: check out with fetch-depth: 0)`,
    );
  for (const { release, history } of plan.releases) {
    if (history?.truncated)
      deps.log.warning(
        `${release.version}: ${history.commits.length} of ${history.total} commits sent (the newest).`,
      );
    if (history?.filesCut)
      deps.log.warning(
        `${release.version}: ${history.filesCut} commit(s) changed more than 300 files; the first 300 were sent.`,
      );
  }
  const answer = await importInBatches(
    plan.releases.map((p) => p.release),
    (batch) => {
      const key = deriveIdempotencyKey({
        repository: options.repository,
        from: batch.at(-1)!.version,
        to: batch[0]!.version,
        operation: 'import',
        extra: [JSON.stringify(batch)],
      });
      return deps.shiplog.importEntries({ releases: batch, repository: options.repository }, key);
    },
  );
  for (const s of answer.skipped) deps.log.info(`Not imported: ${s.version} (${s.reason}).`);
  for (const w of answer.warnings) deps.log.warning(`${w.version}: ${w.message}.`);
  const total = {
    imported: answer.imported,
    replaced: answer.replaced,
    skipped: plan.skipped.length + answer.skipped.length,
    releasesLearned: answer.profile.releasesLearned,
  };
  deps.log.info(
    `Imported ${total.imported + total.replaced} release(s) of ${options.path} as published history (nothing was sent to subscribers); the drafting profile has learned from ${total.releasesLearned}.`,
  );
  return { status: 'imported', ...total };
}
