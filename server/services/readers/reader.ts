/**
 * The reader of a public surface (CONTRACT.md "Readers and audiences"): who a verified reader token says
 * is reading, or `null` for an anonymous reader. Public services take it to decide what the reader may
 * see: an entry with segments reaches only a reader whose `segments` name one of them.
 */
export interface Reader {
  /** The host app's stable id of its user (the token's `sub`): unread state and reactions follow it. */
  sub: string;
  /** 0-20 segment names from the token; an anonymous reader has none. */
  segments: readonly string[];
  name?: string;
  email?: string;
  locale?: string;
  /**
   * True when the project's previous reader secret (in the 24 hours after a rotation) signed the
   * token: the links made for this reader are signed with it too, so they retire with it.
   */
  byPreviousSecret?: true;
}

/** The segments a reader may see entries of: none for an anonymous reader. */
export function readerSegments(reader: Reader | null): readonly string[] {
  return reader?.segments ?? [];
}
