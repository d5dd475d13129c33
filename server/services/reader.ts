/**
 * The reader of a public surface (docs/readers.md): who a verified reader token says is reading, or
 * `null` for an anonymous reader. Public services take it to decide what the reader may see: an entry
 * with segments reaches only a reader whose `segments` name one of them.
 */
export interface Reader {
  /** The host app's stable id of its user (the token's `sub`): unread state and reactions follow it. */
  sub: string;
  /** 0-20 segment names from the token, matched exactly; an anonymous reader has none. */
  segments: readonly string[];
  name?: string;
  email?: string;
  locale?: string;
  /** When the token stops verifying (its `exp`), in seconds since the epoch. */
  expiresAt: number;
  /**
   * True when the token is a reader link's (its audience is `LINK_AUDIENCE`,
   * services/readers/link-token.ts): it reads the feeds and the page, and nothing else
   * (docs/readers.md "Signed links").
   */
  link?: true;
}

/** The segments a reader may see entries of: none for an anonymous reader. */
export function readerSegments(reader: Reader | null): readonly string[] {
  return reader?.segments ?? [];
}
