/**
 * A project's drafting profile as the service keeps it (docs/api.md#import-history-and-the-drafting-profile): learned again from the project's own published releases that keep what they were made of
 * (imported history, published drafts), stored per project, read by generate, shown and reset through
 * `/api/v1/drafting/profile`. Learning is cheap (learn-profile.ts: milliseconds for 10 releases), so it
 * is always done over the whole history, never patched: the same entries give the same profile.
 */
import type { DraftingProfile } from '../../../core/contract/history.schema.ts';
import {
  findDraftingProfile,
  listLearningReleases,
  listRecentNotes,
  resetDraftingProfile as resetRow,
  saveDraftingProfile,
} from '../../db/drafting-profiles.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ServiceContext } from '../context.ts';
import {
  describeProfile,
  type DraftingProfileModel,
  learnProfile,
  parseProfile,
  presentProfile,
} from '../../../core/drafting/index.ts';
import type { ProjectVoice } from './build-prompt.ts';

/** The most releases a profile learns from: the newest. */
export const MAX_LEARNED_RELEASES = 100;

/**
 * Learn the project's profile again from its history (core/drafting `learnProfile`: the replay
 * included) and store it. @returns how many releases taught it.
 */
export async function learnDraftingProfile(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
): Promise<{ releasesLearned: number }> {
  const { model } = await learnAndStore(ctx, projectId);
  return { releasesLearned: model.releasesLearned };
}

async function learnAndStore(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
): Promise<{ model: DraftingProfileModel; updatedAt: Date }> {
  const releases = await listLearningReleases(ctx.sql, projectId, MAX_LEARNED_RELEASES);
  const model = learnProfile(releases.map((r) => ({ changes: r.changes, notes: r.body })));
  const row = await saveDraftingProfile(ctx.sql, projectId, model, model.releasesLearned);
  return { model, updatedAt: row.updatedAt };
}

/**
 * The stored profile, parsed (core/drafting `parseProfile`). One stored by an older Shiplog, or one the
 * schema refuses, is learned again from the project's history at once (learning is a function of the
 * entries), never drafted from in part and never an error.
 */
async function storedProfile(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
): Promise<{ model: DraftingProfileModel | null; updatedAt: Date | null }> {
  const row = await findDraftingProfile(ctx.sql, projectId);
  const parsed = parseProfile(row?.profile);
  if (parsed.problem === null || parsed.problem === 'none')
    return { model: parsed.profile, updatedAt: row?.updatedAt ?? null };
  const learned = await learnAndStore(ctx, projectId);
  return { model: learned.model.releasesLearned > 0 ? learned.model : null, updatedAt: learned.updatedAt };
}

/** The project's learned profile, or null (none learned, or reset since). */
export async function loadDraftingProfile(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
): Promise<DraftingProfileModel | null> {
  return (await storedProfile(ctx, projectId)).model;
}

/** The profile as the API shows it. */
export async function getDraftingProfile(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
): Promise<DraftingProfile> {
  const { model, updatedAt } = await storedProfile(ctx, projectId);
  return presentProfile(model, updatedAt);
}

/** Forget the learned profile: drafts go back to the built-in defaults; entries stay. */
export async function resetDraftingProfile(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
): Promise<void> {
  await ctx.sql.begin(async (tx) => {
    await resetRow(tx, projectId);
    await recordAudit(tx, projectId, {
      action: 'drafting_profile.reset',
      target: { type: 'project', id: projectId },
    });
  });
}

/**
 * How the project writes, for the AI drafter's prompt: its profile in words and its newest notes.
 * @param highlights the detail asked for (the request's, else the profile's) and how many items then.
 */
export async function projectVoice(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
  model: DraftingProfileModel | null,
  highlights: { count: number } | null,
): Promise<ProjectVoice> {
  return {
    description: describeProfile(model),
    examples: await listRecentNotes(ctx.sql, projectId),
    highlights,
  };
}
