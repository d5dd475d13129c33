/**
 * Draft preview links (docs/api.md#entries: `previewUrl`, `/changelog/{slug}/preview/{token}`):
 * unguessable and expiring, with no key, so a pull-request comment or a job summary can show a draft
 * exactly as readers will see it. The token is `<entry id>.<expiry, Unix seconds>.<HMAC-SHA-256 tag,
 * 128 bits>` under a per-deployment secret: nothing is stored, and a link cannot be forged or extended.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a preview link works after the entry was read, in seconds. */
export const PREVIEW_TTL_SECONDS = 7 * 24 * 3600;

function tag(secret: Buffer, payload: string): Buffer {
  return createHmac('sha256', secret).update(`preview\n${payload}`).digest().subarray(0, 16);
}

/** A token for `entryId` valid until `now + PREVIEW_TTL_SECONDS`. */
export function previewToken(secret: Buffer, entryId: string, now: Date = new Date()): string {
  const payload = `${entryId}.${Math.floor(now.getTime() / 1000) + PREVIEW_TTL_SECONDS}`;
  return `${payload}.${tag(secret, payload).toString('base64url')}`;
}

/** The entry id a token names, or null when it is forged, malformed or expired. */
export function verifyPreviewToken(secret: Buffer, token: string, now: Date = new Date()): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [entryId = '', expires = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = tag(secret, `${entryId}.${expires}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return null;
  return entryId;
}

/**
 * Where an entry can be seen: a draft's preview, or the public page of a published external entry
 * (`/changelog/{project}/{entry}`). An internal entry has no public page.
 */
export function entryLinks(
  publicUrl: string,
  projectSlug: string,
  entry: { id: string; slug: string; status: string; visibility: string },
  secret: Buffer,
): { previewUrl: string | null; url: string | null } {
  return {
    previewUrl: previewUrl(publicUrl, projectSlug, entry, secret),
    url:
      entry.status === 'published' && entry.visibility === 'external'
        ? `${publicUrl}/changelog/${projectSlug}/${entry.slug}`
        : null,
  };
}

/** The preview URL of a draft, or null for a published entry (its page is public). */
export function previewUrl(
  publicUrl: string,
  projectSlug: string,
  entry: { id: string; status: string },
  secret: Buffer,
): string | null {
  if (entry.status !== 'draft') return null;
  return `${publicUrl}/changelog/${projectSlug}/preview/${previewToken(secret, entry.id)}`;
}
