/**
 * The JSON shapes the dashboard sends and reads. Every shape the API contract has comes from
 * core/contract, as types only (the bundle never carries the server's runtime schemas): answers are the
 * schemas' output types, request bodies their input types (before zod's defaults and transforms). Below
 * them, the dashboard routes' own shapes (session, project, members, keys, audit, GitHub) and the
 * subscriber list, which have no contract schema, written out as server/routes/dashboard/present.ts
 * and server/routes/v1/subscribers.ts answer them.
 */
import type { z } from 'zod';
import type { EntryActivitySchema } from '../../core/contract/analytics.schema.ts';
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
import type {
  ProjectSettingsSchema as ReaderSettingsSchema,
  ReaderSecretSchema,
} from '../../core/contract/readers.schema.ts';
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

// The dashboard routes' own shapes (no contract schema).

export type Role = 'owner' | 'publisher' | 'contributor';

export type SessionView = {
  user: { id: string; email: string };
  csrfToken: string;
  projects: { id: string; name: string; slug: string; plan: string; role: Role }[];
};

export type Position = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';
export type Theme = 'light' | 'dark' | 'auto';

export type Project = {
  id: string;
  name: string;
  slug: string;
  plan: string;
  settings: { accent: string; position: Position; theme: Theme };
  reactions: string[];
  apiAvailable: boolean;
  role: Role;
};

/** What a project's Settings form changes (PATCH /api/dashboard/projects/{slug}). */
export type ProjectSettings = { name: string; accent: string; position: Position; theme: Theme };

export type Member = { userId: string; email: string; role: Role; joinedAt: string };
export type Invitation = { id: string; email: string; role: Role; createdAt: string; expiresAt: string };
/** GET /api/dashboard/invitations/{token}: what an invitation link offers. */
export type InvitationView = {
  project: { name: string; slug: string };
  email: string;
  role: Role;
  expiresAt: string;
  accountExists: boolean;
};
export type ApiKey = {
  id: string;
  name: string | null;
  last4: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
export type Upload = { id: string; url: string; type: string; size: number };

export type SubscriberCounts = { pending: number; confirmed: number; unsubscribed: number; total: number };
export type Subscriber = {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
};
export type AuditEvent = {
  id: string;
  actor: { type: 'user' | 'key'; id: string; label: string };
  action: string;
  target: { type: string; id: string | null };
  details: Record<string, unknown>;
  createdAt: string;
};
export type GithubRepository = {
  repository: string;
  installed: boolean;
  account: string | null;
  private: boolean;
  link: 'this' | 'other' | null;
  lastDeliveries: {
    id: string;
    event: string;
    status: 'received' | 'ignored' | 'processed' | 'failed';
    error: string | null;
    receivedAt: string;
    finishedAt: string | null;
  }[];
};

/** POST /api/dashboard/projects/{slug}/changelog-preview (core/contract/history.schema.ts). */
export type { ChangelogPreview } from '../../core/contract/history.schema.ts';
