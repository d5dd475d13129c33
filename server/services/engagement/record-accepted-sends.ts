/**
 * The record of one batch's messages that the SMTP server accepted (`email_sends`), written in groups:
 * while one insert is on its way, the messages accepted meanwhile wait for the next, so the database
 * sees one statement for many messages rather than one each. A batch sends several messages at once
 * (the pooled transport spreads them over its connections); sending pauses while `maxOpen` messages
 * are open, being sent or accepted and not yet recorded: those are what a crash can send twice, so
 * this is the bound on duplicates per batch in progress.
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
   * A place for one more message: resolves once fewer than `maxOpen` messages are open (being sent,
   * or accepted and not yet recorded). Every `reserve` is followed by `accepted` or `released`.
   * @throws the error that stopped recording (then nothing more may be sent).
   */
  reserve(): Promise<void>;
  /** The message of one reserved place was accepted by the SMTP server: it is recorded with the next group. */
  accepted(subscriberId: string): void;
  /** The message of one reserved place was not sent (refused, or never handed over). */
  released(): void;
  /** Resolves once every accepted message is recorded. @throws as `reserve`. */
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
 * @param maxOpen messages that may be open at once: sent or being sent, and not yet recorded. What a
 *   crash can send twice, so the bound on duplicates of one batch in progress.
 */
export function createSendRecorder(ctx: ServiceContext, entryId: string, maxOpen: number): SendRecorder {
  const waiting: string[] = [];
  let open = 0;
  let flushing: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  /** Callers of `reserve` waiting for a place, woken as places free. */
  const blocked: (() => void)[] = [];

  const free = (count: number) => {
    open -= count;
    while (blocked.length > 0 && (failure || open < maxOpen)) blocked.shift()!();
  };
  // Runs until nothing waits; `flushing` is cleared in the same turn as the last check, so a message
  // accepted afterwards always starts a new run. One statement records every message accepted while
  // the one before it was on its way.
  const pump = async () => {
    try {
      while (waiting.length > 0) {
        const ids = waiting.splice(0);
        await recordPatiently(ctx, entryId, ids);
        free(ids.length);
      }
    } catch (error) {
      failure = { error };
      free(0);
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
    async reserve() {
      rethrow();
      while (!failure && open >= maxOpen) await new Promise<void>((wake) => blocked.push(wake));
      rethrow();
      open++;
    },
    accepted(subscriberId) {
      waiting.push(subscriberId);
      start();
    },
    released: () => free(1),
    async settle() {
      for (start(); flushing; start()) await flushing;
      rethrow();
    },
  };
}
