/**
 * The record of one batch's messages that the SMTP server accepted (`email_sends`), written in groups:
 * while one insert is on its way, the messages accepted meanwhile wait for the next, so the database
 * sees one statement for many messages rather than one each. Sending pauses while `maxUnrecorded`
 * messages are accepted but not yet recorded: those are what a crash can send twice, so this is the
 * bound on duplicates per batch in progress.
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
   * One more accepted message; resolves once fewer than `maxUnrecorded` are left unrecorded.
   * @throws the error that stopped recording (then nothing more may be sent).
   */
  accepted(subscriberId: string): Promise<void>;
  /** Resolves once every accepted message is recorded. @throws as `accepted`. */
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

export function createSendRecorder(
  ctx: ServiceContext,
  entryId: string,
  maxUnrecorded: number,
): SendRecorder {
  const waiting: string[] = [];
  let inFlight = 0;
  let flushing: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;

  // Runs until nothing waits; `flushing` is cleared in the same turn as the last check, so a message
  // accepted afterwards always starts a new run.
  const pump = async () => {
    try {
      while (waiting.length > 0) {
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
    if (!flushing && !failure && waiting.length > 0) flushing = pump();
  };
  const rethrow = () => {
    if (failure) throw failure.error;
  };

  return {
    async accepted(subscriberId) {
      rethrow();
      waiting.push(subscriberId);
      start();
      while (!failure && flushing && waiting.length + inFlight >= maxUnrecorded) await flushing;
      rethrow();
    },
    async settle() {
      for (start(); flushing; start()) await flushing;
      rethrow();
    },
  };
}
