/**
 * How long a slug may be (docs/api.md#entries: at most 80 characters) and how one is
 * cut: the storage rule that making a slug (services/make-slug.ts) and keeping it unique (entries.ts,
 * which adds `-2`, `-3`…) both follow.
 */
export const MAX_SLUG_LENGTH = 80;

/** Cut `slug` to `max` characters without leaving a trailing dash. */
export function truncateSlug(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  return slug.slice(0, max).replace(/-+$/, '');
}
