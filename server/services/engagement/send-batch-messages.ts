/**
 * The sending of one email batch (email-subscribers.ts): several messages at once, as many as the
 * recorder lets be open (record-accepted-sends.ts), so that the pooled SMTP transport keeps its
 * connections busy while the records are written in groups. A refused message (nodemailer's
 * `EENVELOPE`/`EMESSAGE`) is set aside and the others go on; any other error means the SMTP server
 * cannot be used now, and no new message starts. Messages already handed over are always waited for,
 * whatever stops the batch, so that each one accepted is recorded.
 */
import type { SendRecorder } from './record-accepted-sends.ts';

/** How a batch's sending ended. */
export type SendOutcome = {
  /** Recipients whose message the server refused. */
  refused: string[];
  /** Why the SMTP server cannot be used now (nothing more was started), or null. */
  unusable: string | null;
  /** Why sending stopped before every recipient was handed over, or null when none is left. */
  stopped: 'taken-back' | 'out-of-time' | null;
};

export type SendBatchOptions = {
  recorder: SendRecorder;
  /** Sends one recipient's message; resolves once the SMTP server accepted it. */
  send: (subscriberId: string) => Promise<void>;
  /** Said true when the job was given to another worker. */
  signal: AbortSignal;
  /** No message starts after this time (epoch milliseconds). */
  deadline: number;
  /** Whether an error is a refusal of this one message, rather than the server being unusable. */
  refusesThisMessage: (err: unknown) => boolean;
  describe: (err: unknown) => string;
  onRefused: (subscriberId: string, err: unknown) => void;
};

/** Sends to each of `recipients` (subscriber ids), at most the recorder's open messages at once. */
export async function sendBatchMessages(
  recipients: readonly string[],
  options: SendBatchOptions,
): Promise<SendOutcome> {
  const { recorder } = options;
  const outcome: SendOutcome = { refused: [], unusable: null, stopped: null };
  const sending = new Set<Promise<void>>();
  const handOver = (id: string) => {
    const sent: Promise<void> = options
      .send(id)
      .then(
        () => recorder.accepted(id),
        (err: unknown) => {
          recorder.released();
          if (!options.refusesThisMessage(err)) outcome.unusable ??= options.describe(err);
          else {
            outcome.refused.push(id);
            options.onRefused(id, err);
          }
        },
      )
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };
  try {
    for (const id of recipients) {
      await recorder.reserve();
      const stop = options.signal.aborted
        ? 'taken-back'
        : Date.now() > options.deadline
          ? 'out-of-time'
          : null;
      if (stop || outcome.unusable) {
        recorder.released();
        outcome.stopped = stop;
        break;
      }
      handOver(id);
    }
  } finally {
    await Promise.all(sending);
  }
  return outcome;
}
