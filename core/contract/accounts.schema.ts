/**
 * The dashboard's accounts and projects as /api/dashboard answers them (docs/api.md#first-run): the roles a member can hold, the session, a project with
 * the caller's role, the first-run link's check, an accepted password-reset request, an uploaded
 * image. Timestamps are ISO 8601 UTC strings. The dashboard reads these types; the routes serialize by
 * these schemas.
 */
import { z } from 'zod';
import { PLANS, POSITIONS, THEMES } from './readers.schema.ts';

/** A member's role in one project, highest first (docs/api.md#roles). */
export const ROLES = ['owner', 'publisher', 'contributor'] as const;
export const RoleSchema = z.enum(ROLES);
export const PlanSchema = z.enum(PLANS);
export const PositionSchema = z.enum(POSITIONS);
export const ThemeSchema = z.enum(THEMES);

/**
 * `GET /api/dashboard/session` (and what sign-in, first run and accepting an invitation answer): the
 * user, the session's CSRF token (send it as `X-CSRF-Token`), every project they belong to.
 */
export const SessionViewSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  csrfToken: z.string(),
  projects: z.array(
    z.object({ id: z.string(), name: z.string(), slug: z.string(), plan: PlanSchema, role: RoleSchema }),
  ),
});

/** `GET /api/dashboard/setup/{token}`: the first-run link may still create the first account. */
export const SetupLinkSchema = z.object({ valid: z.literal(true) });

/** `POST /api/dashboard/password-reset` → `202`, whatever the address. */
export const PasswordResetRequestedSchema = z.object({ status: z.literal('requested') });

/**
 * A project as the dashboard shows it: its widget's look, the emoji readers react with, whether its
 * plan lets API keys call /api/v1 (`apiAvailable`), and the caller's role in it.
 */
export const DashboardProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  plan: PlanSchema,
  settings: z.object({ accent: z.string(), position: PositionSchema, theme: ThemeSchema }),
  reactions: z.array(z.string()),
  apiAvailable: z.boolean(),
  /** An OpenAI-compatible provider is configured: the editor offers "Draft translation" (docs/languages.md). */
  translationDrafts: z.boolean(),
  role: RoleSchema,
});

/** `POST /api/dashboard/projects` (`201`), `GET` and `PATCH /api/dashboard/projects/{slug}`. */
export const DashboardProjectResponseSchema = z.object({ project: DashboardProjectSchema });

/** The images an upload may be (docs/api.md#images): known by their bytes' signature; SVG never. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** `POST /api/dashboard/projects/{slug}/uploads` → `201`: the stored image and where it is served. */
export const UploadSchema = z.object({
  id: z.string(),
  url: z.string(),
  type: z.enum(IMAGE_TYPES),
  /** Bytes. */
  size: z.number().int(),
});

/** `POST /api/dashboard/projects/{slug}/preview`: the body rendered and sanitized as on save. */
export const PreviewSchema = z.object({ html: z.string() });

/** `GET /api/dashboard/projects/{slug}/segments`: the project's segment names, alphabetical. */
export const SegmentListSchema = z.object({ segments: z.array(z.string()) });
