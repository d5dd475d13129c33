/** The anonymous id of reactions and analytics: contract-shaped, kept, replaced when malformed, no storage needed. */
import { describe, expect, it } from 'vitest';
import { anonymousId, newAnonymousId } from '../../widget/src/anonymous-id.ts';
import { memoryStore, refusing } from '../helpers/key-value-stores.ts';

const CONTRACT = /^[A-Za-z0-9_-]{8,64}$/;

describe('anonymous id', () => {
  it('is 128 random bits in base64url, in the contract shape', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newAnonymousId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(CONTRACT);
    expect(newAnonymousId((b) => b.fill(255))).toBe('_____________________w');
  });

  it('is made once and kept in storage', () => {
    const store = memoryStore();
    const first = anonymousId(store);
    expect(store.data.get('shiplog:id')).toBe(first);
    expect(anonymousId(store)).toBe(first);
  });

  it('replaces a stored value that is not an id', () => {
    const store = memoryStore({ 'shiplog:id': '<script>' });
    const id = anonymousId(store, () => 'fresh_id_1234');
    expect(id).toBe('fresh_id_1234');
    expect(store.data.get('shiplog:id')).toBe('fresh_id_1234');
  });

  it('still gives an id when storage is missing or refuses', () => {
    expect(anonymousId(null)).toMatch(CONTRACT);
    expect(anonymousId(refusing)).toMatch(CONTRACT);
  });
});
