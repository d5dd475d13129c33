/**
 * Passwords (docs/api.md#accounts-and-sessions: at least 12 characters, argon2id through a well-kept library):
 * @node-rs/argon2, whose default algorithm is argon2id, with parameters chosen so that one verification
 * takes 50–250 ms on the reference machine (`npm run bench -- sign-in` measures it). RFC 9106 §4 asks
 * for as much memory as can be spared: 64 MiB, and 6 passes for the time (a single lane: one thread).
 * Hashes made with other parameters still verify, and are replaced at the next sign-in (`needsRehash`).
 */
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { z } from 'zod';

/** argon2id's parameters: memory in KiB, passes, lanes. */
export const ARGON2_PARAMETERS = { memoryCost: 65_536, timeCost: 6, parallelism: 1 } as const;
/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, which type stripping cannot read). */
const ARGON2ID = 2;

export const MIN_PASSWORD_LENGTH = 12;
/** Longer is no safer, and would let one request cost the server a long hash. */
export const MAX_PASSWORD_LENGTH = 1024;

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** @returns the PHC string to store (`$argon2id$v=19$m=65536,t=6,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. With `stored` null (no such account) a stand-in hash is
 * verified all the same, so that an unknown email costs the time a wrong password costs and the
 * answer's timing tells nothing. A malformed stored hash is a mismatch, never an exception.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not a password: stands in for an unknown account');
  const against = stored ?? (await dummyHash);
  try {
    const ok = await verify(against, password);
    return ok && stored !== null;
  } catch {
    return false;
  }
}

/** Whether `stored` was made with other parameters than today's (then hash the password again). */
export function needsRehash(stored: string): boolean {
  try {
    const used = parseOptions(stored);
    return (
      (used.algorithm as number) !== ARGON2ID ||
      used.memoryCost !== ARGON2_PARAMETERS.memoryCost ||
      used.timeCost !== ARGON2_PARAMETERS.timeCost ||
      used.parallelism !== ARGON2_PARAMETERS.parallelism
    );
  } catch {
    return true;
  }
}
