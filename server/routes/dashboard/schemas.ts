/**
 * Bodies and parameters of the dashboard's JSON routes (/api/dashboard). Unknown fields are refused,
 * as everywhere (docs/api.md#input-rules); emails are trimmed and lower-cased by the subscribe form's
 * rules (no quoted local parts).
 */
import { z } from 'zod';
import { RoleSchema } from '../../../core/contract/accounts.schema.ts';
import { CreateEntryInputSchema } from '../../../core/contract/entries.schema.ts';
import { ProjectSlugParam, SubscribeInputSchema } from '../../../core/contract/public.schema.ts';
import { PasswordSchema } from '../../services/accounts/hash-password.ts';
import { NewProjectSchema } from '../../services/accounts/manage-owned-projects.ts';
import { ProjectSettingsSchema } from '../../services/accounts/manage-projects.ts';

export const EmailSchema = SubscribeInputSchema.shape.email;
/** A link's token as sent back: what `newSecretToken` makes is 43 characters. */
const TokenSchema = z.string().min(1).max(200);

export const TokenParams = z.object({ token: TokenSchema });
export const SlugParams = z.object({ slug: ProjectSlugParam });
export const MemberParams = z.object({ slug: ProjectSlugParam, userId: z.string().min(1).max(64) });
export const InvitationParams = z.object({ slug: ProjectSlugParam, invitationId: z.string().min(1).max(64) });
export const KeyParams = z.object({ slug: ProjectSlugParam, keyId: z.string().min(1).max(64) });

export const SetupBody = z.strictObject({
  token: TokenSchema,
  email: EmailSchema,
  password: PasswordSchema,
  project: NewProjectSchema,
});
/** Any length goes through to the check: a wrong password is "wrong", never "too short". */
export const SignInBody = z.strictObject({ email: EmailSchema, password: z.string().min(1).max(1024) });
export const ChangePasswordBody = z.strictObject({
  current: z.string().min(1).max(1024),
  password: PasswordSchema,
});
export const ResetRequestBody = z.strictObject({ email: EmailSchema });
export const ResetConfirmBody = z.strictObject({ token: TokenSchema, password: PasswordSchema });
export const NewProjectBody = NewProjectSchema;
export const ProjectSettingsBody = ProjectSettingsSchema;
export const InviteBody = z.strictObject({ email: EmailSchema, role: RoleSchema });
export const RoleBody = z.strictObject({ role: RoleSchema });
export const AcceptBody = z.strictObject({ token: TokenSchema, password: PasswordSchema.optional() });
export const NewKeyBody = z.strictObject({ name: z.string().trim().min(1).max(100).optional() }).nullish();
/** The editor's live preview: a body as an entry takes it. */
export const PreviewBody = z.strictObject({ body: CreateEntryInputSchema.shape.body });

/** A CHANGELOG.md as pasted or uploaded (at most 8 MiB of text; U+0000 refused as everywhere). */
export const ChangelogPreviewBody = z.strictObject({
  /** The changelog's text: Markdown, or reStructuredText (the name or the text says which). */
  markdown: z
    .string()
    .min(1)
    .max(8 * 1024 * 1024)
    .refine((s) => !s.includes('\u0000'), 'Must not contain NUL (U+0000) characters'),
  /**
   * The uploaded file's name (`CHANGES.rst`), which says its markup as `shiplog import` reads a path
   * (core/changelog-file/read-changelog-markup.ts); without one (pasted text), the text says.
   */
  filename: z.string().min(1).max(255).optional(),
});
