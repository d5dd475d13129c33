/**
 * An identified reader's state across devices (docs/readers.md#what-an-identified-reader-gets): kept by the
 * token's `sub`, so the unread badge, the announcements already dismissed and the reader's own
 * reactions are the same on every device. Anonymous readers keep theirs in the browser.
 */
import type { ReaderState } from '../../../core/contract/readers.schema.ts';
import type { Sql } from '../../db/connect.ts';
import { findPublicEntryProjects } from '../../db/public-entries.ts';
import { findReaderReactions, findReaderState, markReaderSeen } from '../../db/reader-states.ts';
import { NotFoundError } from '../../errors/errors.ts';
import type { Reader } from '../reader.ts';

/** The reader's state in project `projectId`, with their reactions on `entryIds` (the entries shown). */
export async function loadReaderState(
  sql: Sql,
  projectId: string,
  reader: Reader,
  entryIds: readonly string[],
): Promise<ReaderState> {
  const state = await findReaderState(sql, projectId, reader.sub);
  return {
    sub: reader.sub,
    lastSeenAt: state.lastSeenAt?.toISOString() ?? null,
    seenAnnouncements: state.seenAnnouncements,
    reactions: await findReaderReactions(sql, reader.sub, entryIds),
  };
}

/**
 * Record that the reader has seen entries up to `lastSeenAt` (it only moves forward, and never past
 * now) and/or dismissed the announcement `announcementId`.
 * @throws NotFoundError when `announcementId` is no published external entry of the project that the
 *   reader may see.
 */
export async function recordReaderSeen(
  sql: Sql,
  projectId: string,
  reader: Reader,
  seen: { lastSeenAt?: Date; announcementId?: string },
): Promise<ReaderState> {
  const { announcementId } = seen;
  if (announcementId !== undefined) {
    const owner = (await findPublicEntryProjects(sql, [announcementId], reader.segments)).get(announcementId);
    if (owner !== projectId) throw new NotFoundError(`No published entry ${announcementId}`);
  }
  await sql.begin((tx) =>
    markReaderSeen(tx, projectId, reader.sub, {
      ...(seen.lastSeenAt === undefined ? {} : { lastSeenAt: seen.lastSeenAt }),
      ...(announcementId === undefined ? {} : { announcementId }),
    }),
  );
  return loadReaderState(sql, projectId, reader, []);
}
