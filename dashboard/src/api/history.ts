/**
 * A project's changelog history (docs/api.md#import-history-and-the-drafting-profile): a pasted or uploaded
 * changelog (Markdown, or reStructuredText such as `CHANGES.rst`) is read by the server's changelog parser (`POST …/changelog-preview`, the parser
 * `shiplog import` and the Action use: the dashboard carries none), and the releases it finds become
 * published entries through `POST /api/v1/entries/import` (publishers), in the calls
 * core/portable/import-batches.ts cuts (the one copy the CLI and the Action use too). Nothing is
 * dispatched. Afterwards the entries and the drafting profile are asked for again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importInBatches } from '../../../core/portable/import-batches.ts';
import type { ChangelogPreview, ImportReleaseBody, ImportResponse } from '../types.ts';
import { api, projectPath, v1 } from './client.ts';
import { refreshDraftingProfile } from './drafting-profile.ts';
import { entryKeys } from './entries.ts';

/** A changelog to preview: its text, and the uploaded file's name (which says its markup), if any. */
export type ChangelogText = { markdown: string; filename?: string | undefined };

/**
 * POST /api/dashboard/projects/{slug}/changelog-preview: the releases and skipped sections of a
 * changelog, Markdown or reStructuredText (`markup`: how the server read it).
 */
export const useChangelogPreview = (slug: string) =>
  useMutation({
    mutationFn: (body: ChangelogText) =>
      api<ChangelogPreview>(projectPath(slug, '/changelog-preview'), { method: 'POST', body }),
  });

/** A release as the preview lists it and the import sends it. */
export type PlannedRelease = { release: ImportReleaseBody; date: string; firstLine: string };
export type ImportPlan = { releases: PlannedRelease[]; skipped: { heading: string; reason: string }[] };

/** Why a release without a date is left out (a tag could date it: the CLI reads them, the page cannot). */
const NO_DATE =
  'no date in the heading: choose a date for releases without one, or import with the shiplog CLI and --git-dir, which dates it by its tag';

/** The notes' first line of text (past sub-headings such as `### Added`), without its list marker. */
function firstLineOf(notes: string): string {
  const lines = notes
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const line = lines.find((l) => !/^#{1,6}\s/.test(l)) ?? lines[0] ?? '';
  return line.replace(/^(?:[-*+]|\d+[.)]|#+)\s+/, '');
}

/** How many of `preview`'s releases give no date (the page then asks for one). */
export const undatedCount = (preview: ChangelogPreview) => preview.releases.filter((r) => !r.date).length;

/**
 * What importing `preview` sends: each release dated at 00:00 UTC of its day. A release without a date
 * takes `undated` (`YYYY-MM-DD`, the user's choice: docs/api.md, the History page), a minute earlier
 * for each undated one above it, so the changelog's order stays; without it, it is skipped with the
 * reason. A release dated `now` or later is skipped (the import takes only past releases).
 */
export function planImport(preview: ChangelogPreview, now: Date, undated: string | null = null): ImportPlan {
  const plan: ImportPlan = {
    releases: [],
    skipped: preview.skipped.map(({ heading, reason }) => ({ heading, reason })),
  };
  let undatedSeen = 0;
  for (const release of preview.releases) {
    const { version, notes, title, heading } = release;
    const date = release.date ?? undated;
    if (!date) {
      plan.skipped.push({ heading, reason: NO_DATE });
      continue;
    }
    const publishedAt = release.date
      ? `${date}T00:00:00.000Z`
      : new Date(Date.parse(`${date}T00:00:00.000Z`) - 60_000 * undatedSeen++).toISOString();
    if (Date.parse(publishedAt) >= now.getTime())
      plan.skipped.push({ heading, reason: `dated ${date}, not yet` });
    else
      plan.releases.push({
        release: { version, publishedAt, notes, ...(title ? { title } : {}) },
        date,
        firstLine: title ?? firstLineOf(notes),
      });
  }
  return plan;
}

/** POST /api/v1/entries/import, once per batch; the answers summed (the profile as the last one left it). */
export function useImportHistory(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (releases: readonly ImportReleaseBody[]) =>
      importInBatches(releases, (batch) =>
        v1<ImportResponse>(slug, '/entries/import', { method: 'POST', body: { releases: batch } }),
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: entryKeys.lists(slug) });
      await refreshDraftingProfile(client, slug);
    },
  });
}
