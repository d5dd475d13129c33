/**
 * Entry slugs (docs/api.md#entries): the title transliterated, lower-case, `a-z0-9-`,
 * at most 80 characters; a title with no sluggable character gets an id-based slug. Uniqueness within
 * the project (`-2`, `-3`…) is the database's job (see db/entries.ts).
 */
import slugify from '@sindresorhus/slugify';
import { MAX_SLUG_LENGTH, truncateSlug } from '../../db/slug-limits.ts';

/** @returns the base slug, or `null` when the title has no sluggable character. */
export function slugFromTitle(title: string): string | null {
  const slug = slugify(title, { decamelize: false });
  if (slug === '') return null;
  // Room for a "-NNN" suffix is left by the caller; cut on a word boundary where one is near.
  return truncateSlug(slug, MAX_SLUG_LENGTH);
}

/** The fallback slug for an entry id (`ent_01jd…` → `entry-01jd…`). */
export function slugFromId(id: string): string {
  return `entry-${id.slice(id.indexOf('_') + 1)}`;
}
