/**
 * GET /api/v1/subscribers: one page of a project's subscribers (newest first, keyset pagination with a
 * signed cursor bound to the status filter and the search text `q`) and the count in each status.
 * Consent details stay in the database.
 */
import {
  countSubscribers,
  listSubscribers,
  type SubscriberFilter,
  type SubscriberStatus,
} from '../../db/subscribers.ts';
import type { ServiceContext } from '../context.ts';
import { decodeCursor, keysetPage } from '../paging/keyset-cursor.ts';

export type SubscriberPage = {
  subscribers: {
    id: string;
    email: string;
    status: SubscriberStatus;
    createdAt: string;
    confirmedAt: string | null;
    unsubscribedAt: string | null;
  }[];
  counts: Record<SubscriberStatus | 'total', number>;
  nextCursor: string | null;
  /** The `Link: <…>; rel="next"` header value, when there is a next page. */
  nextLink: string | null;
};

/** @throws InvalidError for a tampered, foreign or differently filtered cursor. */
export async function listSubscribersPage(
  ctx: ServiceContext,
  projectId: string,
  query: SubscriberFilter & { limit: number; cursor?: string | undefined },
): Promise<SubscriberPage> {
  const { status, q, limit, cursor } = query;
  const scope = { list: 'subscribers', projectId, filters: { status, q }, secret: ctx.cursorSecret } as const;
  const after = cursor ? decodeCursor(cursor, scope) : undefined;
  const rows = await listSubscribers(
    ctx.sql,
    projectId,
    { status, q },
    after && { createdAt: after.sortAt, id: after.id },
    limit,
  );
  const { page, nextCursor, nextLink } = keysetPage(
    rows,
    limit,
    (s) => ({ sortAt: s.createdAt, id: s.id }),
    scope,
    `${ctx.config.publicUrl}/api/v1/subscribers`,
  );
  return {
    subscribers: page.map((s) => ({
      id: s.id,
      email: s.email,
      status: s.status,
      createdAt: s.createdAt.toISOString(),
      confirmedAt: s.confirmedAt?.toISOString() ?? null,
      unsubscribedAt: s.unsubscribedAt?.toISOString() ?? null,
    })),
    counts: await subscriberCounts(ctx, projectId),
    nextCursor,
    nextLink,
  };
}

/** How many subscribers the project has in each status, and in all. */
export async function subscriberCounts(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
): Promise<Record<SubscriberStatus | 'total', number>> {
  const counts = await countSubscribers(ctx.sql, projectId);
  return { ...counts, total: counts.pending + counts.confirmed + counts.unsubscribed };
}
