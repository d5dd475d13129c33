/**
 * A project's API keys as /api/dashboard answers them (docs/api.md#dashboard-api): never the
 * key itself but its last 4 characters, except in the answer that creates it. `apiAvailable` is false on
 * the free plan, whose keys /api/v1 refuses (`402`). Timestamps are ISO 8601 UTC strings.
 */
import { z } from 'zod';

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  last4: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** When it was revoked; null while it works. */
  revokedAt: z.string().nullable(),
});

/** `GET /api/dashboard/projects/{slug}/keys`. */
export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema), apiAvailable: z.boolean() });

/** `POST /api/dashboard/projects/{slug}/keys` → `201`: `apiKey` (`shl_…`) is shown this once. */
export const CreatedApiKeySchema = z.object({
  apiKey: z.string(),
  key: ApiKeySchema,
  apiAvailable: z.boolean(),
});
