/**
 * The public changelogs the root page links to (issue 30 item 12): every project with a published
 * external entry, as `{name, path}` (`/changelog/{slug}`, on the origin that serves the page), by
 * name, at most `PUBLIC_CHANGELOGS_SHOWN`, and whether there are more.
 */
import { listPublicChangelogs } from '../../db/public-changelogs.ts';
import type { ServiceContext } from '../context.ts';

/** How many the root page lists. */
export const PUBLIC_CHANGELOGS_SHOWN = 50;

export async function publicChangelogLinks(
  ctx: Pick<ServiceContext, 'sql'>,
): Promise<{ changelogs: { name: string; path: string }[]; more: boolean }> {
  const rows = await listPublicChangelogs(ctx.sql, PUBLIC_CHANGELOGS_SHOWN + 1);
  return {
    changelogs: rows
      .slice(0, PUBLIC_CHANGELOGS_SHOWN)
      .map((p) => ({ name: p.name, path: `/changelog/${encodeURIComponent(p.slug)}` })),
    more: rows.length > PUBLIC_CHANGELOGS_SHOWN,
  };
}
