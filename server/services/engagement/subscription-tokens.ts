/**
 * Tokens of the subscription links.
 * - Confirmation: 32 random bytes (base64url), stored only as a SHA-256 hash, single use, 48 h.
 * - Unsubscribe: `<subscriber id>.<HMAC-SHA256(instance secret, id)>`: valid for as long as the
 *   subscription exists, so every email (confirmation or release) can carry one without storing it.
 */
import { createHash, createHmac, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';

export function newConfirmToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function mac(secret: KeyObject, subscriberId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${subscriberId}`).digest('base64url');
}

/** @param secret the instance's unsubscribe secret, imported as a key (`createSecretKey`). */
export function unsubscribeToken(secret: KeyObject, subscriberId: string): string {
  return `${subscriberId}.${mac(secret, subscriberId)}`;
}

/** @returns the subscriber id, or null for a forged or malformed token. */
export function verifyUnsubscribeToken(secret: KeyObject, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(token.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
