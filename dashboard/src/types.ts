/**
 * The JSON shapes the dashboard reads. Entries come from core/contract (types only: the bundle never
 * carries the server's runtime schemas); the dashboard routes' own shapes are written out here, as
 * server/routes/dashboard/present.ts answers them.
 */
export type { Category, Entry, EntrySummary, Visibility } from '../../core/contract/entries.schema.ts';
export type { Problem as ProblemDocument } from '../../core/contract/problem.ts';

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

export type Member = { userId: string; email: string; role: Role; joinedAt: string };
export type Invitation = { id: string; email: string; role: Role; createdAt: string; expiresAt: string };
export type ApiKey = {
  id: string;
  name: string | null;
  last4: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
export type Upload = { id: string; url: string; type: string; size: number };

export type { DailyActivity, EntryActivity, SubscriberGrowth } from '../../core/contract/analytics.schema.ts';
export type { ChannelType } from '../../core/contract/channels.schema.ts';

/** GET /api/v1/channels's items (core/contract/channels.schema.ts `ChannelSchema`). */
export type Channel = {
  id: string;
  type: 'slack' | 'discord' | 'webhook';
  name: string;
  url: string;
  visibility: 'external' | 'all';
  createdAt: string;
  disabledAt: string | null;
  disabledReason: string | null;
};
export type Delivery = {
  id: string;
  eventType: 'entry.published' | 'ping';
  entryId: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
};
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
