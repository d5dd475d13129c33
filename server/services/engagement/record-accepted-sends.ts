/**
 * The record of one batch's messages that the SMTP server accepted (`email_sends`), written in groups
 * of `groupSize` by one statement each (and what is left when the batch settles): on the embedded
 * database a statement costs about as much as sending a message, so one per message would halve a
 * fan-out's pace. Sending pauses while `maxAtStake` messages are at stake, accepted and not yet
 * recorded or being sent: those are what a crash can send twice, so this is the bound on duplicates per
 * batch in progress (docs/api.md#entries).
 *
 * While the database is unreachable a record is retried every second for up to `RECORD_PATIENCE_MS`,
 * so a short outage (a PostgreSQL restart) costs no duplicate.
 */
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { recordSends } from '../../db/email-deliveries.ts';
import type { ServiceContext } from '../context.ts';

/** How long recording accepted messages waits for an unreachable database before giving up. */
const RECORD_PATIENCE_MS = 60_000;

export type SendRecorder = {
  /**
   * One more accepted message; resolves once fewer than `maxAtStake` are unrecorded, so that the next
   * message may be sent (it is the last one at stake).
   * @throws the error that stopped recording (then nothing more may be sent).
   */
  accepted(subscriberId: string): Promise<void>;
  /** Records what is left; resolves once every accepted message is recorded. @throws as `accepted`. */
  settle(): Promise<void>;
};

async function recordPatiently(ctx: ServiceContext, entryId: string, ids: string[]): Promise<void> {
  const giveUp = Date.now() + RECORD_PATIENCE_MS;
  for (;;) {
    try {
      return await recordSends(ctx.sql, entryId, ids);
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() > giveUp) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * @param limits.groupSize accepted messages recorded by one statement (no more than `maxAtStake`).
 * @param limits.maxAtStake messages of the batch at stake at once, the one being sent included.
 */
export function createSendRecorder(
  ctx: ServiceContext,
  entryId: string,
  limits: { groupSize: number; maxAtStake: number },
): SendRecorder {
  const groupSize = Math.min(limits.groupSize, limits.maxAtStake);
  const waiting: string[] = [];
  let inFlight = 0;
  let settling = false;
  let flushing: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;

  const due = () => waiting.length >= groupSize || (settling && waiting.length > 0);
  // Runs while a group is due; `flushing` is cleared in the same turn as the last check, so a message
  // accepted afterwards always starts a new run.
  const pump = async () => {
    try {
      while (due()) {
        const ids = waiting.splice(0);
        inFlight = ids.length;
        await recordPatiently(ctx, entryId, ids);
        inFlight = 0;
      }
    } catch (error) {
      failure = { error };
    } finally {
      flushing = undefined;
    }
  };
  const start = () => {
    if (!flushing && !failure && due()) flushing = pump();
  };
  const rethrow = () => {
    if (failure) throw failure.error;
  };

  return {
    async accepted(subscriberId) {
      rethrow();
      waiting.push(subscriberId);
      // A group is due whenever this many wait, so while they do a statement is on its way.
      for (start(); !failure && flushing && waiting.length + inFlight >= limits.maxAtStake; start())
        await flushing;
      rethrow();
    },
    async settle() {
      settling = true;
      for (start(); flushing; start()) await flushing;
      rethrow();
    },
  };
}
