/**
 * Identifiers: TypeIDs (`ent_01jd…`), a prefix plus a UUIDv7 in Crockford base32: opaque, URL-safe and
 * sortable by creation time as docs/api.md#input-rules asks.
 *
 * Made from the UUID's bytes (uuid's `v7`, typeid-js's `fromUUIDBytes`): `typeid(prefix)` makes the
 * same string but decodes it twice more to check what it just encoded, each time with a new
 * `TextEncoder`, a cost every request paid for its request id.
 */
import { fromUUIDBytes } from 'typeid-js';
import { v7 } from 'uuid';

export type IdPrefix =
  'prj' | 'key' | 'ent' | 'req' | 'sub' | 'chn' | 'msg' | 'emb' | 'usr' | 'inv' | 'upl' | 'aud';

export function newId(prefix: IdPrefix): string {
  return fromUUIDBytes(prefix, v7(undefined, new Uint8Array(16)));
}
