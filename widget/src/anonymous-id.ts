/**
 * The anonymous id that reactions and analytics carry (docs/api.md#public-engagement-no-key-cors-: 8-64 characters of
 * `[A-Za-z0-9_-]`): 128 random bits in base64url, kept in localStorage. No cookies. Without storage the
 * id lives as long as the page.
 */
import type { KeyValueStore } from './last-seen.ts';

const KEY = 'shiplog:id';
const VALID = /^[A-Za-z0-9_-]{8,64}$/;

/** A new id: 16 random bytes as 22 base64url characters. */
export function newAnonymousId(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The stored id, or a new one (stored when possible); a stored value of the wrong shape is replaced. */
export function anonymousId(
  store: KeyValueStore | null,
  make: () => string = () => newAnonymousId(),
): string {
  try {
    const stored = store?.getItem(KEY);
    if (stored && VALID.test(stored)) return stored;
  } catch {
    // Unreadable storage: a page-long id.
  }
  const id = make();
  try {
    store?.setItem(KEY, id);
  } catch {
    // Storage refused: the id lasts as long as the page.
  }
  return id;
}
