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
