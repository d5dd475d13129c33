/**
 * Verifying a reader token (docs/readers.md): a JWT the host app signed with HS256, keyed by the
 * project's reader secret (or one rotated out in the last 24 hours). `sub` and `exp` are
 * required, `exp` at most 30 days ahead; `name`, `email`, `segments` (0-20 strings, matched exactly)
 * and `locale` are optional; other claims are ignored, but for `aud` {@link LINK_AUDIENCE}, which makes
 * it a reader link's token. `exp` and `nbf` are checked with {@link CLOCK_TOLERANCE_SECONDS} of leeway.
 * Anything else is `401 unauthorized`: a bad token never reads as an anonymous reader, and claims that
 * are not exactly text (bytes that are not UTF-8, which jose refuses; a lone surrogate) are bad, never
 * folded to U+FFFD (two readers would share one `sub`).
 */
import { errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { MAX_SEGMENTS } from '../../../core/contract/entries.schema.ts';
import type { Sql } from '../../db/connect.ts';
import { findReaderSecrets } from '../../db/reader-secrets.ts';
import { UnauthorizedError } from '../../errors/errors.ts';
import type { Reader } from '../reader.ts';
import { LINK_AUDIENCE } from './link-token.ts';
import { readerSecretKey } from './reader-secret-format.ts';

/** The longest a token may live from now on, in seconds. */
export const MAX_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Longer strings are refused unread (a header of a few kilobytes at most). */
export const MAX_TOKEN_LENGTH = 4096;
/** Clock skew allowed between the host app's server and this one on `exp` and `nbf`, in seconds. */
export const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * A claim's text, kept exactly as sent: no NUL (U+0000), which PostgreSQL's text cannot hold (a `401`,
 * never a `500`), and no lone surrogate (a JSON `\ud800`), which UTF-8 would store as U+FFFD.
 */
const claimText = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL (U+0000)')
    .refine((s) => s.isWellFormed(), 'must not contain a lone surrogate');

export const ReaderClaimsSchema = z.object({
  sub: claimText(1, 255),
  exp: z.number(),
  name: claimText(0, 200).optional(),
  email: claimText(0, 254).optional(),
  // As long as the names entries carry (1-40 characters), matched exactly: never trimmed here.
  segments: z.array(claimText(1, 40)).max(MAX_SEGMENTS).optional(),
  locale: claimText(0, 35).optional(),
});

function refuse(why: string): UnauthorizedError {
  return new UnauthorizedError(`The reader token ${why}`);
}

/**
 * The payload of `token` under the first of `secrets` that signed it, and that secret's index.
 * @throws UnauthorizedError
 */
async function verifyWithAny(token: string, secrets: string[]): Promise<{ payload: JWTPayload; by: number }> {
  for (const [by, secret] of secrets.entries()) {
    try {
      const { payload } = await jwtVerify(token, readerSecretKey(secret), {
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      return { payload, by };
    } catch (err) {
      // Another secret may have signed it; every other failure is final.
      if (err instanceof errors.JWSSignatureVerificationFailed) continue;
      if (err instanceof errors.JWTExpired) throw refuse('has expired');
      if (err instanceof errors.JWTClaimValidationFailed) throw refuse(`is invalid: ${err.message}`);
      if (err instanceof errors.JOSEAlgNotAllowed) throw refuse('must be signed with HS256');
      throw refuse('is malformed');
    }
  }
  throw refuse("is not signed with this project's reader secret");
}

/** The secret that verified each reader, for the links made for them (never a field: never logged). */
const verifiedBy = new WeakMap<Reader, string>();

/**
 * The secret that signed `reader`'s token: a reader's links are signed with it, so they retire with
 * it (docs/readers.md "Rotation").
 * @throws Error for a reader that {@link verifyReaderToken} did not make.
 */
export function secretThatVerified(reader: Reader): string {
  const secret = verifiedBy.get(reader);
  if (secret === undefined) throw new Error('This reader was not verified here');
  return secret;
}

/**
 * The reader `token` names in project `projectId`.
 * @throws UnauthorizedError for a token that is too long, malformed, signed otherwise, expired, valid
 *   for more than 30 days, or whose claims are not as above; also when the project has no secret.
 */
export async function verifyReaderToken(sql: Sql, projectId: string, token: string): Promise<Reader> {
  if (token.length > MAX_TOKEN_LENGTH) throw refuse(`is longer than ${MAX_TOKEN_LENGTH} characters`);
  const secrets = await findReaderSecrets(sql, projectId);
  if (!secrets) throw refuse('cannot be verified: this project has no reader secret');
  const live = [secrets.secret, ...secrets.previousSecrets];
  const { payload, by } = await verifyWithAny(token, live);
  const claims = ReaderClaimsSchema.safeParse(payload);
  if (!claims.success) {
    const issue = claims.error.issues[0]!;
    throw refuse(`claim ${issue.path.join('.') || '(payload)'} is invalid: ${issue.message}`);
  }
  const { sub, exp, name, email, segments, locale } = claims.data;
  if (exp > Date.now() / 1000 + MAX_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) {
    throw refuse('lives too long: exp must be at most 30 days ahead');
  }
  const reader: Reader = {
    sub,
    segments: [...new Set(segments ?? [])],
    ...(name === undefined ? {} : { name }),
    ...(email === undefined ? {} : { email }),
    ...(locale === undefined ? {} : { locale }),
    expiresAt: exp,
    ...([payload.aud].flat().includes(LINK_AUDIENCE) ? { link: true as const } : {}),
  };
  verifiedBy.set(reader, live[by]!);
  return reader;
}
