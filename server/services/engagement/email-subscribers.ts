/**
 * Email to subscribers on publish (docs/api.md#entries): every confirmed subscriber of
 * the project gets an `external` entry; internal entries email no one. Subscribers are anonymous
 * readers (docs/api.md#readers-and-audiences-segments-summary-announcements): an entry with segments, or any entry of an
 * `identified` project, emails no one either. The message shows the entry's summary with a link to
 * the whole entry when it has one, else the entry, in the subscriber's language when the entry has a
 * translation into it, else in the default locale (entry-email.ts; docs/languages.md#email).
 *
 * The dispatch splits the recipients into batches of `BATCH_SIZE` (rows of `email_batches`, made once
 * per dispatch however often it runs), one job each. A batch sends to its recipients one after another
 * and records each message once the SMTP server accepted it (`email_sends`, one row per entry and
 * subscriber, written `RECORD_GROUP` at a time); any attempt sends only to recipients with no record.
 * So a retry, a crash or a database outage re-sends at most the messages at stake, accepted and not
 * yet recorded or being sent: `MAX_AT_STAKE` per batch in progress.
 * An attempt that could not reach everyone fails, and pg-boss retries it on the queue's schedule
 * (queue/queue-settings.ts `EMAIL_RETRY`: over 24 hours); after the last retry the batch is `failed`, kept
 * with its error, and `shiplog deliveries retry` sends it again. Each message has a Message-ID that is
 * the same for every attempt of one (entry, subscriber), so a duplicate is recognisable, and carries
 * the RFC 8058 one-click unsubscribe headers.
 */
import {
  finishBatch,
  findBatch,
  findBatchOfDispatch,
  insertBatches,
  markBatchFailed,
  recordBatchAttempt,
  unsentRecipients,
} from '../../db/email-deliveries.ts';
import { findEntryById } from '../../db/entries.ts';
import { isEmailedToSubscribers } from '../../db/public-entries.ts';
import { findProjectById } from '../../db/projects.ts';
import { listConfirmedSubscriberIds } from '../../db/subscribers.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../../db/new-id.ts';
import { createSendRecorder } from './record-accepted-sends.ts';
import { entryMessages } from './entry-email.ts';

/** Recipients per batch job. */
export const BATCH_SIZE = 100;
/**
 * An attempt sends no new message after this long (those left are retried), so that with one slow
 * send and the wait below it still ends well within the queue's `expireInSeconds` (600 s).
 */
const ATTEMPT_BUDGET_MS = 5 * 60_000;
/**
 * Messages of one batch at stake at once: accepted by the SMTP server and not yet recorded, or being
 * sent. What a crash can send twice; a server works `EMAIL_BATCHES_AT_ONCE` batches
 * (queue/queue-settings.ts), so at most 4 × 25 = 100 messages of a fan-out are at stake on one server.
 */
const MAX_AT_STAKE = 25;
/** Accepted messages recorded by one statement (services/engagement/record-accepted-sends.ts). */
const RECORD_GROUP = 20;

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * The job of a publish: one `pending` batch per `BATCH_SIZE` confirmed subscribers, and its job, in
 * one transaction. `dispatchId` (the publish job's id) makes a second run of the same dispatch a no-op.
 */
export async function fanOutEntryEmail(
  ctx: ServiceContext,
  entryId: string,
  dispatchId: string,
): Promise<void> {
  const entry = await findEntryById(ctx.sql, entryId);
  if (!entry || !(await isEmailedToSubscribers(ctx.sql, entryId))) return;
  const ids = await listConfirmedSubscriberIds(ctx.sql, entry.projectId);
  const batches: Parameters<typeof insertBatches>[1] = [];
  for (let i = 0; i < ids.length; i += BATCH_SIZE) {
    batches.push({
      id: newId('emb'),
      entryId,
      dispatchId,
      seq: i / BATCH_SIZE,
      subscriberIds: ids.slice(i, i + BATCH_SIZE),
    });
  }
  if (batches.length === 0) return;
  // Two statements whatever the count: the batches, then the jobs of those this run made.
  await ctx.sql.begin(async (tx) => {
    const made = await insertBatches(tx, batches);
    await ctx.jobs.sendMany(
      tx,
      'email-batch',
      made.map((batchId) => ({ batchId })),
    );
  });
}

/**
 * A job queued before batches were rows (`{entryId, subscriberIds}`): made into a batch of its own,
 * keyed by the job's id so that a retry of it finds the same batch. @returns the batch id.
 */
export async function adoptLegacyBatch(
  ctx: ServiceContext,
  jobId: string,
  entryId: string,
  subscriberIds: string[],
): Promise<string | undefined> {
  if (!(await findEntryById(ctx.sql, entryId))) return undefined;
  await ctx.sql.begin((tx) =>
    insertBatches(tx, [{ id: newId('emb'), entryId, dispatchId: jobId, seq: 0, subscriberIds }]),
  );
  return (await findBatchOfDispatch(ctx.sql, jobId, 0))?.id;
}

/**
 * nodemailer's codes for a refusal of this one message (a recipient or the content rejected); any other
 * error (connection, greeting, authentication, timeout) means the SMTP server cannot be used now.
 */
function refusesThisMessage(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * The job of one batch: send the entry to each recipient still owed it, recording each accepted
 * message. Stops at once when the SMTP server cannot be reached, or when `signal` says pg-boss gave
 * the job to another worker (so two workers never send the same batch together).
 * @throws when a recipient is left (the job is retried; sent ones are not sent again).
 */
export async function sendEmailBatch(
  ctx: ServiceContext,
  batchId: string,
  signal: AbortSignal,
  log: Log,
): Promise<void> {
  const batch = await findBatch(ctx.sql, batchId);
  if (!batch || batch.status !== 'pending') return;
  const entry = await findEntryById(ctx.sql, batch.entryId);
  const project = entry && (await findProjectById(ctx.sql, entry.projectId));
  if (!entry || !project || !(await isEmailedToSubscribers(ctx.sql, entry.id))) {
    await finishBatch(ctx.sql, batchId, {
      status: 'cancelled',
      error: 'the entry is no longer a published external entry for every reader of a public changelog',
    });
    return;
  }
  const messageTo = entryMessages(ctx, project, entry);
  const refused: string[] = [];
  const deadline = Date.now() + ATTEMPT_BUDGET_MS;
  const recorder = createSendRecorder(ctx, entry.id, {
    groupSize: RECORD_GROUP,
    maxAtStake: MAX_AT_STAKE,
  });
  const fail = async (error: string) => {
    // What was accepted is recorded first, so that the retry does not send it again.
    await recorder.settle();
    await recordBatchAttempt(ctx.sql, batchId, error);
    throw new Error(error);
  };
  for (const subscriber of await unsentRecipients(ctx.sql, entry.id, batch.subscriberIds)) {
    if (signal.aborted) {
      await recorder.settle();
      throw new Error('the batch was taken back from this worker; it runs elsewhere');
    }
    if (Date.now() > deadline) await fail('the attempt ran out of time; the rest is retried');
    const message = await messageTo(subscriber);
    try {
      await ctx.mailer.send(message);
    } catch (err) {
      if (!refusesThisMessage(err)) await fail(`the SMTP server cannot be used: ${describe(err)}`);
      log.warn(
        { err, subscriberId: subscriber.id, entryId: entry.id },
        'entry email refused; it will be retried',
      );
      refused.push(subscriber.id);
      continue;
    }
    await recorder.accepted(subscriber.id);
  }
  await recorder.settle();
  if (refused.length > 0)
    await fail(`the SMTP server refused ${refused.length} message(s): ${refused.join(', ')}`);
  await finishBatch(ctx.sql, batchId, { status: 'sent', error: null });
}

/** The job of a batch whose retries ran out (pg-boss's dead-letter queue): it is `failed`, and kept. */
export async function failEmailBatch(
  ctx: ServiceContext,
  batchId: string,
  error: string | null,
  log: Log,
): Promise<void> {
  await markBatchFailed(ctx.sql, batchId, error);
  log.error(
    { batchId, error },
    `email batch ${batchId} failed after its last retry; send it again with: npx shiplog deliveries retry ${batchId}`,
  );
}
