/** What marks a reader link's token, and why a surface refuses one (docs/readers.md "Signed links"). */

/**
 * The `aud` of the tokens in a reader's links (services/readers/reader-links.ts). A link ends up in
 * feed readers, browser histories and logs, so it may only read: the surfaces that write, or that
 * hand out links, refuse a token with this audience (`401`).
 */
export const LINK_AUDIENCE = 'shiplog:reader-link';

/** Why a surface that writes, or hands out links, refuses a link token (`401`). */
export const LINK_REFUSED =
  "The reader token is a reader link's: it only reads the feeds and the page. Send the token your app signed";
