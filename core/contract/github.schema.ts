/**
 * The dashboard's GitHub page as `GET /api/dashboard/projects/{slug}/github` answers it (docs/api.md#github-page): the repositories the App is installed on, and any linked here without it.
 */
import { z } from 'zod';

/** How a webhook delivery about a repository ended (`received`: not handled yet). */
export const GITHUB_DELIVERY_STATUSES = ['received', 'ignored', 'processed', 'failed'] as const;

export const GithubRepositorySchema = z.object({
  /** `owner/name`. */
  repository: z.string(),
  /** Whether the App is installed on it (false: linked by the CLI without it). */
  installed: z.boolean(),
  account: z.string(),
  /** Null when the App is not installed there, so GitHub has not said. */
  private: z.boolean().nullable(),
  /** Linked to `this` project, to an `other` one (never which), or to none. */
  link: z.enum(['this', 'other']).nullable(),
  /** The last 5 deliveries about it (kept 7 days; none for a repository another project holds). */
  lastDeliveries: z.array(
    z.object({
      id: z.string(),
      event: z.string(),
      status: z.enum(GITHUB_DELIVERY_STATUSES),
      error: z.string().nullable(),
      receivedAt: z.string(),
      finishedAt: z.string().nullable(),
    }),
  ),
});

export const GithubRepositoryListSchema = z.object({ repositories: z.array(GithubRepositorySchema) });
