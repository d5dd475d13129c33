/**
 * The random tokens of the dashboard (session cookies, CSRF tokens, setup, reset and invitation links):
 * 32 bytes from the operating system's CSPRNG, base64url; stored only as their SHA-256, which a stolen
 * database cannot turn back into a working token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new token and the hash to store. */
export function newSecretToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Constant-time equality of two strings (a token sent against the one expected). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
