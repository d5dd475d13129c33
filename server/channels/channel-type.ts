/**
 * What every kind of channel (server/channels/types/*) provides: the body its receiver takes for a
 * published entry, which destination URLs it accepts (beside the SSRF guard every channel goes
 * through), and whether its deliveries are signed (Standard Webhooks).
 */
import type { EntryRow } from '../db/entries.ts';

export type ChannelTypeModule = {
  /** The JSON body for `entry`, whose public page is `pageUrl`; `now` stamps it. */
  payload(entry: EntryRow, pageUrl: string, now: Date): string;
  /**
   * The JSON body of a test delivery (`ping`, the dashboard's "Send test") from `project`, whose public
   * changelog is `pageUrl`: it goes through the same path as a published entry's.
   */
  ping(project: { name: string; slug: string }, pageUrl: string, now: Date): string;
  /**
   * Why `url` is not a destination of this kind (`null` when it is). With private destinations allowed
   * (self-hosted receivers, tests), only the scheme matters.
   */
  refuseUrl(url: URL, allowPrivate: boolean): string | null;
  /** Whether deliveries carry a `whsec_` secret's Standard Webhooks signature. */
  signed: boolean;
};
