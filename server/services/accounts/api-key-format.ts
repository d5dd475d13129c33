/**
 * API key format (docs/api.md#authentication-plans-rate-limit): `shl_` + 30 random base62 characters + a
 * 6-character base62 CRC32 of those 30, the scheme GitHub uses for its tokens so that secret scanners
 * can recognise a Shiplog key offline. Keys are stored only as SHA-256 hashes.
 */
import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PREFIX = 'shl_';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^shl_[0-9A-Za-z]{36}$/;

function base62(value: number, width: number): string {
  let out = '';
  let n = value;
  while (n > 0) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out.padStart(width, '0');
}

function checksum(random: string): string {
  return base62(crc32(random), CHECKSUM_LENGTH);
}

/** A new key, 40 characters: 30 × log2(62) ≈ 178 bits of entropy. */
export function generateApiKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return PREFIX + random + checksum(random);
}

/** Shape and checksum check, with no database round trip: rejects typos and random strings cheaply. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const random = key.slice(PREFIX.length, PREFIX.length + RANDOM_LENGTH);
  return key.slice(PREFIX.length + RANDOM_LENGTH) === checksum(random);
}

/** SHA-256 of the whole key: what the database stores. */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}
