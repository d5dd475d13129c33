/**
 * Who may do what in a project (docs/api.md#roles):
 * - `contributor`: read entries, create and edit drafts, upload images, read analytics and the
 *   subscribers' counts;
 * - `publisher`: also publish, unpublish, schedule and delete entries, edit published or scheduled ones,
 *   choose who an entry is for and whether it is announced (`segments`, `announce`), settings, channels, the subscriber list (search, export, remove), GitHub links;
 * - `owner`: also members, API keys, the audit log, deleting the project.
 * API keys act as publishers. Every rule is enforced here, on the server: `403 forbidden` otherwise.
 */
import type { EntryRow } from '../../db/entries.ts';
import { findProjectAccess, type Role } from '../../db/memberships.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { ForbiddenError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';

export { ROLES, type Role } from '../../db/memberships.ts';

/** The lowest role allowed each action. */
const MINIMUM_ROLE = {
  'entries.read': 'contributor',
  'entries.draft': 'contributor',
  'uploads.create': 'contributor',
  'analytics.read': 'contributor',
  'members.read': 'contributor',
  'subscribers.count': 'contributor',
  'entries.publish': 'publisher',
  'entries.delete': 'publisher',
  'entries.target': 'publisher',
  'settings.update': 'publisher',
  'channels.manage': 'publisher',
  'subscribers.read': 'publisher',
  'subscribers.manage': 'publisher',
  'github.manage': 'publisher',
  'members.manage': 'owner',
  'audit.read': 'owner',
  'keys.manage': 'owner',
  'project.delete': 'owner',
} as const satisfies Record<string, Role>;

export type Action = keyof typeof MINIMUM_ROLE;

const RANK: Record<Role, number> = { contributor: 1, publisher: 2, owner: 3 };

/** What each action is called in a refusal. */
const WHAT: Record<Action, string> = {
  'entries.read': 'read entries',
  'entries.draft': 'write drafts',
  'uploads.create': 'upload images',
  'analytics.read': 'read analytics',
  'members.read': 'see the members',
  'subscribers.count': "see the subscribers' counts",
  'entries.publish': 'publish, unpublish or schedule entries, or edit published or scheduled ones',
  'entries.delete': 'delete entries',
  'entries.target': "set an entry's segments or announce it",
  'settings.update': "change the project's settings",
  'channels.manage': 'manage channels',
  'subscribers.read': 'list subscribers',
  'subscribers.manage': 'remove subscribers',
  'github.manage': 'link repositories',
  'audit.read': 'read the audit log',
  'members.manage': 'manage members and invitations',
  'keys.manage': 'manage API keys',
  'project.delete': 'delete the project',
};

export function can(role: Role, action: Action): boolean {
  return RANK[role] >= RANK[MINIMUM_ROLE[action]];
}

/** @throws ForbiddenError when `role` is below what `action` needs. */
export function authorize(role: Role, action: Action): void {
  if (can(role, action)) return;
  throw new ForbiddenError(
    `A ${role} cannot ${WHAT[action]}; that takes the ${MINIMUM_ROLE[action]} role or higher`,
  );
}

/**
 * The project of `slug` as the user sees it, checked for `action`.
 * @throws NotFoundError for no such project; ForbiddenError when the user is not a member, or their
 *   role is too low.
 */
export async function projectAccess(
  ctx: Pick<ServiceContext, 'sql'>,
  userId: string,
  slug: string,
  action: Action,
): Promise<{ project: ProjectRow; role: Role }> {
  const found = await findProjectAccess(ctx.sql, slug, userId);
  if (!found) throw new NotFoundError(`No project with slug "${slug}"`);
  if (!found.role) throw new ForbiddenError(`You are not a member of project "${slug}"`);
  authorize(found.role, action);
  return { project: found.project, role: found.role };
}

/**
 * The one rule for changing what an entry says, whatever the path (PATCH, the editor, a re-draft by
 * generate or by the App, `regenerate`): a draft is anyone's to change; a published entry, or a draft
 * scheduled to be published, only a publisher's, because what readers see, or will see without another
 * look, changes. Who it is for (`segments`) and whether it is announced are a publisher's in any case. Services call it on the row they locked, in the transaction that makes the change.
 * @throws ForbiddenError when `role` may not change `entry`.
 */
export function authorizeEntryChange(
  role: Role,
  entry: Pick<EntryRow, 'status' | 'scheduledFor'> & Partial<Pick<EntryRow, 'segments' | 'announce'>>,
  change: AudienceChange = {},
): void {
  authorize(role, 'entries.draft');
  if (entry.status === 'published' || entry.scheduledFor !== null) authorize(role, 'entries.publish');
  if (changesAudience(entry, change)) authorize(role, 'entries.target');
}

/** What a write asks of an entry's audience: its `segments` and `announce`, when given. */
export type AudienceChange = { segments?: readonly string[] | undefined; announce?: boolean | undefined };

/**
 * Whether `change` sets the entry's segments or announcement to something else than it has (a new
 * entry has none and is not announced): who an entry reaches, and whether it interrupts every reader,
 * are a publisher's to decide. Sending the values the entry already has (an editor saving its whole
 * form) changes nothing, so a contributor may.
 */
function changesAudience(
  entry: Partial<Pick<EntryRow, 'segments' | 'announce'>>,
  change: AudienceChange,
): boolean {
  const segments = entry.segments ?? [];
  const newSegments =
    change.segments !== undefined &&
    (change.segments.length !== segments.length || change.segments.some((s) => !segments.includes(s)));
  return newSegments || (change.announce !== undefined && change.announce !== (entry.announce ?? false));
}

/**
 * The audience rule for a new entry (create, generate without an existing entry): a contributor's new
 * entry is for everyone and not announced.
 * @throws ForbiddenError when `role` may not set `change`.
 */
export function authorizeNewEntry(role: Role, change: AudienceChange): void {
  authorizeEntryChange(role, { status: 'draft', scheduledFor: null }, change);
}
