/**
 * The JSON shapes the dashboard sends and reads. Every shape the API contract has comes from
 * core/contract, as types only (the bundle never carries the server's runtime schemas): answers are the
 * schemas' output types, request bodies their input types (before zod's defaults and transforms). The
 * routes declare the same schemas as their responses, so a field the server stops sending is a type
 * error here.
 */
import type { z } from 'zod';
import type {
  DashboardProjectSchema,
  PositionSchema,
  RoleSchema,
  SessionViewSchema,
  ThemeSchema,
  UploadSchema,
} from '../../core/contract/accounts.schema.ts';
import type { EntryActivitySchema } from '../../core/contract/analytics.schema.ts';
import type { AuditEventSchema } from '../../core/contract/audit.schema.ts';
import type {
  ChannelSchema,
  CreatedChannelSchema,
  DeliverySchema,
} from '../../core/contract/channels.schema.ts';
import type {
  CreateEntryInputSchema,
  CreateEntryResponseSchema,
  EntryResponseSchema,
  ListEntriesResponseSchema,
  UpdateEntryInputSchema,
} from '../../core/contract/entries.schema.ts';
import type { GithubRepositorySchema } from '../../core/contract/github.schema.ts';
import type { TranslationDraftResponseSchema } from '../../core/contract/languages.schema.ts';
import type { ApiKeySchema } from '../../core/contract/keys.schema.ts';
import type {
  InvitationSchema,
  InvitationViewSchema,
  MemberSchema,
} from '../../core/contract/members.schema.ts';
import type {
  ProjectSettingsInputSchema,
  ProjectSettingsSchema as ReaderSettingsSchema,
  ReaderSecretSchema,
} from '../../core/contract/readers.schema.ts';
import type { SubscriberCountsSchema, SubscriberSchema } from '../../core/contract/subscribers.schema.ts';
import type {
  DraftingProfileResponseSchema,
  ImportInputSchema,
  ListingRateSchema,
} from '../../core/contract/history.schema.ts';

export type { Category, Entry, EntrySummary, Visibility } from '../../core/contract/entries.schema.ts';
export type { Problem as ProblemDocument } from '../../core/contract/problem.ts';
export type { DailyActivity, EntryActivity, SubscriberGrowth } from '../../core/contract/analytics.schema.ts';
export type { ChannelType } from '../../core/contract/channels.schema.ts';
export type { DraftingProfile, ImportResponse } from '../../core/contract/history.schema.ts';
export type { SectionHeading } from '../../core/contract/generate.schema.ts';

/** GET /api/v1/entries. */
export type EntryList = z.output<typeof ListEntriesResponseSchema>;
/** GET /api/v1/entries/{id}. */
export type EntryResponse = z.output<typeof EntryResponseSchema>;
/** POST /api/v1/entries: its body and its answer. */
export type CreateEntryBody = z.input<typeof CreateEntryInputSchema>;
export type CreatedEntry = z.output<typeof CreateEntryResponseSchema>;
/** PATCH /api/v1/entries/{id}. */
export type UpdateEntryBody = z.input<typeof UpdateEntryInputSchema>;
/** POST /api/v1/entries/{id}/translations/{locale}/draft. */
export type TranslationDraft = z.output<typeof TranslationDraftResponseSchema>;
/** One row of GET /api/v1/analytics/entries. */
export type EntryActivityRow = z.output<typeof EntryActivitySchema>['entries'][number];

/** GET /api/v1/channels's items. */
export type Channel = z.output<typeof ChannelSchema>;
/** POST /api/v1/channels's `channel`: a webhook's secret, shown this once. */
export type CreatedChannel = z.output<typeof CreatedChannelSchema>;
export type Delivery = z.output<typeof DeliverySchema>;

/** POST /api/v1/entries/import's body, and one of its releases. */
export type ImportBody = z.input<typeof ImportInputSchema>;
export type ImportReleaseBody = ImportBody['releases'][number];
/** GET /api/v1/drafting/profile. */
export type DraftingProfileResponse = z.output<typeof DraftingProfileResponseSchema>;
export type ListingRate = z.output<typeof ListingRateSchema>;

/**
 * GET/PATCH /api/v1/project's `project`: the settings with who may read (`access`) and when the reader
 * secret was made (never the secret).
 */
export type ReaderSettings = z.output<typeof ReaderSettingsSchema>['project'];
export type Access = ReaderSettings['access'];
/** POST /api/v1/project/reader-secret: the secret, shown this once. */
export type ReaderSecret = z.output<typeof ReaderSecretSchema>;

// The dashboard routes' own shapes (core/contract/accounts, members, keys, audit and github schemas),
// and the subscriber list's (/api/v1/subscribers, core/contract/subscribers.schema.ts).

export type Role = z.output<typeof RoleSchema>;
export type Position = z.output<typeof PositionSchema>;
export type Theme = z.output<typeof ThemeSchema>;

/** GET /api/dashboard/session (and what sign-in, first run and accepting an invitation answer). */
export type SessionView = z.output<typeof SessionViewSchema>;
/** GET/PATCH /api/dashboard/projects/{slug}'s `project`, with the caller's role. */
export type Project = z.output<typeof DashboardProjectSchema>;
/**
 * What a project's Settings form changes (PATCH /api/dashboard/projects/{slug}): the fields of
 * PATCH /api/v1/project's body that the dashboard route takes too, all of them sent.
 */
export type ProjectSettings = Required<
  Pick<z.input<typeof ProjectSettingsInputSchema>, 'name' | 'accent' | 'position' | 'theme'>
>;

export type Member = z.output<typeof MemberSchema>;
export type Invitation = z.output<typeof InvitationSchema>;
/** GET /api/dashboard/invitations/{token}: what an invitation link offers. */
export type InvitationView = z.output<typeof InvitationViewSchema>;
export type ApiKey = z.output<typeof ApiKeySchema>;
/** POST /api/dashboard/projects/{slug}/uploads. */
export type Upload = z.output<typeof UploadSchema>;

export type SubscriberCounts = z.output<typeof SubscriberCountsSchema>;
export type Subscriber = z.output<typeof SubscriberSchema>;
export type AuditEvent = z.output<typeof AuditEventSchema>;
export type GithubRepository = z.output<typeof GithubRepositorySchema>;

/** POST /api/dashboard/projects/{slug}/changelog-preview (core/contract/history.schema.ts). */
export type { ChangelogPreview } from '../../core/contract/history.schema.ts';
