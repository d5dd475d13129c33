/**
 * Identifiers: TypeIDs (`ent_01jd…`), a prefix plus a UUIDv7 in Crockford base32: opaque, URL-safe and
 * sortable by creation time as docs/api.md#input-rules asks.
 */
import { typeid } from 'typeid-js';

export type IdPrefix =
  'prj' | 'key' | 'ent' | 'req' | 'sub' | 'chn' | 'msg' | 'emb' | 'usr' | 'inv' | 'upl' | 'aud';

export function newId(prefix: IdPrefix): string {
  return typeid(prefix).toString();
}
