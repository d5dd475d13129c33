/**
 * Reader secret format (docs/readers.md#rotation): `rsk_` + 40 random base62 characters
 * (about 238 bits). The host app uses the whole string, as UTF-8 bytes, as the HMAC key of HS256.
 */
import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 40;

/** A new secret, 44 characters. */
export function generateReaderSecret(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return `rsk_${random}`;
}

/** The HMAC key of a secret: the whole `rsk_…` string as UTF-8 bytes. */
export function readerSecretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}
