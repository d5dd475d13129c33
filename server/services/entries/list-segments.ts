/**
 * The segments seen so far in a project (docs/api.md#readers-and-audiences-segments-summary-announcements, segments): every name its
 * entries carry, drafts included, for the editor's picker, so one audience is not spelled two ways.
 */
import { listEntrySegments } from '../../db/entry-segments.ts';
import type { ServiceContext } from '../context.ts';

/** `{segments}`: distinct names, alphabetical, at most 500. */
export async function listSegments(ctx: ServiceContext, projectId: string): Promise<{ segments: string[] }> {
  return { segments: await listEntrySegments(ctx.sql, projectId) };
}
