/** The dashboard's JSON shapes of accounts, projects, members and keys (timestamps as ISO 8601). */
import type { ApiKeyRow } from '../../db/api-keys.ts';
import type { InvitationRow } from '../../db/invitations.ts';
import type { MemberRow } from '../../db/memberships.ts';
import type { ProjectRow } from '../../db/projects.ts';
import type { Role } from '../../services/accounts/authorize.ts';
import { apiAvailable } from '../../services/accounts/manage-project-keys.ts';

/** @param translationDrafts whether this server drafts translations (an AI provider is configured). */
export const presentProject = (project: ProjectRow, role: Role, translationDrafts: boolean) => ({
  id: project.id,
  name: project.name,
  slug: project.slug,
  plan: project.plan,
  settings: { accent: project.accent, position: project.position, theme: project.theme },
  reactions: project.reactions,
  apiAvailable: apiAvailable(project),
  translationDrafts,
  role,
});

export const presentMember = (member: MemberRow) => ({
  userId: member.userId,
  email: member.email,
  role: member.role,
  joinedAt: member.createdAt.toISOString(),
});

export const presentInvitation = (invitation: InvitationRow) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  createdAt: invitation.createdAt.toISOString(),
  expiresAt: invitation.expiresAt.toISOString(),
});

export const presentKey = (key: ApiKeyRow) => ({
  id: key.id,
  name: key.name,
  last4: key.last4,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});
