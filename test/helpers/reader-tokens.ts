/**
 * Reader tokens as a host app makes them (docs/readers.md): HS256 with the project's `rsk_…` secret as
 * UTF-8 bytes, signed here with jose like any Node host app would; and the reader secret of a project,
 * made over HTTP by its key.
 */
import { SignJWT } from 'jose';
import type { TestServer } from './build-server.ts';

export type ReaderClaims = {
  sub?: string;
  segments?: unknown[];
  name?: string;
  email?: string;
  locale?: string;
  [claim: string]: unknown;
};

/** A token for `claims`, expiring `expiresIn` seconds from now (negative: already expired). */
export async function signReaderToken(
  secret: string,
  claims: ReaderClaims,
  expiresIn: number | null = 3600,
): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  if (expiresIn !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn);
  return jwt.sign(new TextEncoder().encode(secret));
}

/** Create (or rotate) the project's reader secret with its API key; the secret. */
export async function createReaderSecret(
  server: TestServer,
  headers: Record<string, string>,
): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/project/reader-secret', headers });
  if (res.statusCode !== 201) throw new Error(`reader secret: ${res.statusCode} ${res.body}`);
  return res.json<{ secret: string }>().secret;
}
