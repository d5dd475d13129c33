/**
 * PATCH an entry (docs/api.md#entries): title, body, category, version, visibility, and
 * (docs/api.md#readers-and-audiences-segments-summary-announcements) segments, summary (null clears it) and announce. A new
 * title moves the slug of an entry never published (docs/api.md#generate-a-draft-from-commits-and-pull-requests); once published, the slug
 * stays as it is. A new body is re-rendered now. An edit of a published entry reaches the widget at once.
 * The entry is marked edited (`editedAt`): automated re-drafting (a new push to its pull request) then
 * leaves it alone unless asked explicitly (docs/api.md#entries: `/shiplog regenerate`).
 * `translations` merge into the entry's (docs/languages.md); changing them is changing the entry.
 * Who may change which entry is decided by `authorizeEntryChange`, on the row locked for the change.
 */
import type { UpdateEntryInput } from '../../../core/contract/entries.schema.ts';
import {
  type EntryChanges,
  type EntryRow,
  followTitleWithSlug,
  lockEntry,
  updateEntry as updateEntryRow,
} from '../../db/entries.ts';
import { authorizeEntryChange, type Role } from '../accounts/authorize.ts';
import { NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { withEntryEvents } from './entry-events.ts';
import { slugFromId, slugFromTitle } from './make-slug.ts';
import { entryChange, recordAudit } from '../audit/record-audit.ts';
import { applyTranslationChanges, prepareTranslationChanges } from '../languages/entry-translations.ts';

/**
 * @param role the caller's role in the project (API keys and the App act as publishers).
 * @throws NotFoundError for an unknown id; ForbiddenError when `role` may not change this entry.
 */
export async function updateEntry(
  ctx: ServiceContext,
  projectId: string,
  id: string,
  input: UpdateEntryInput,
  role: Role,
): Promise<EntryRow> {
  const { translations, ...fields } = input;
  const changes: EntryChanges = { ...fields, editedAt: new Date() };
  if (input.body !== undefined) changes.html = await ctx.markdown.render(input.body, projectId);
  const translationChanges = await prepareTranslationChanges(ctx, projectId, translations);
  return withEntryEvents(ctx, async (tx, record) => {
    const current = await lockEntry(tx, projectId, id);
    if (!current) throw new NotFoundError(`No entry ${id} in this project`);
    authorizeEntryChange(role, current, input);
    await applyTranslationChanges(tx, id, translationChanges);
    let updated = (await updateEntryRow(tx, projectId, id, changes))!;
    if (input.title !== undefined)
      updated = (await followTitleWithSlug(tx, projectId, id, slugFromTitle(input.title) ?? slugFromId(id)))!;
    if (updated.status === 'published') await record('changed', updated);
    await recordAudit(tx, projectId, entryChange('entry.updated', updated, { fields: Object.keys(input) }));
    return updated;
  });
}
