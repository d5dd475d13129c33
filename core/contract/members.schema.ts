/**
 * A project's members and invitations as /api/dashboard answers them (docs/api.md#roles). Timestamps are ISO 8601 UTC strings.
 */
import { z } from 'zod';
import { RoleSchema } from './accounts.schema.ts';

export const MemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: RoleSchema,
  joinedAt: z.string(),
});

/** A pending invitation (valid 7 days), as its project's owners see it. */
export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});

/** `GET /api/dashboard/projects/{slug}/members`: `invitations` is null for anyone but an owner. */
export const MemberListSchema = z.object({
  members: z.array(MemberSchema),
  invitations: z.array(InvitationSchema).nullable(),
});

/** `PATCH /api/dashboard/projects/{slug}/members/{userId}`: the member with their new role. */
export const MemberResponseSchema = z.object({ member: MemberSchema });

/** `POST /api/dashboard/projects/{slug}/members` → `201`: the invitation sent. */
export const CreatedInvitationSchema = z.object({ invitation: InvitationSchema });

/**
 * What an invitation link offers (`GET /api/dashboard/invitations/{token}`): the project, the address and
 * role invited, and whether the address has an account (then: sign in and accept) or sets a password.
 */
export const InvitationViewSchema = z.object({
  project: z.object({ name: z.string(), slug: z.string() }),
  email: z.string(),
  role: RoleSchema,
  expiresAt: z.string(),
  accountExists: z.boolean(),
});

export const InvitationViewResponseSchema = z.object({ invitation: InvitationViewSchema });
