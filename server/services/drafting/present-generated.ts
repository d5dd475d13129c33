/**
 * The body of a generate answer (docs/api.md#generate-a-draft-from-commits-and-pull-requests): the
 * entry (its id, slug, title, status and when a person last edited it), and the draft or null.
 */
import type { GenerateResponse } from '../../../core/contract/generate.schema.ts';
import type { DraftOutcome } from './save-drafted-entry.ts';

export function presentGenerated({ entry, draft }: DraftOutcome): GenerateResponse {
  return {
    entry: {
      id: entry.id,
      slug: entry.slug,
      title: entry.title,
      status: entry.status,
      editedAt: entry.editedAt?.toISOString() ?? null,
    },
    draft,
  };
}
