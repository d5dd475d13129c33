/**
 * An entry's sanitized HTML as the text of a chat message, where the entry's text can make nothing but
 * text: an outside contributor's commit subject becomes entry text, and chat markup in it must neither
 * ping anyone nor show a link that reads one address and goes to another.
 * - Slack mrkdwn (https://api.slack.com/reference/surfaces/formatting#escaping): `&`, `<` and `>` are
 *   escaped, so `<!channel>`, `<@U123>` and `<https://a|b>` stay text; send it with `verbatim: true`, so
 *   Slack does not turn bare URLs, channel names or mentions into links either.
 * - Discord markdown: markup characters are backslash-escaped (Discord shows `\x` as `x` for any
 *   punctuation `x`), so `[text](url)`, `<@id>`, `@everyone`, headings and bare `https://` links stay
 *   text; send it with `allowed_mentions` that allow none.
 * The only links are those of the HTML's own `<a href>` elements, which Shiplog made (a draft's
 * references, or Markdown a key holder wrote; a draft never links commit text), plus the entry's page,
 * which the caller adds.
 */
export type ChatDialect = 'slack' | 'discord';

type Piece = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

const ANCHOR = /<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;
const BLOCK_TAG = /<\/?(p|h\d|br|div|ul|ol|pre|blockquote|tr|td|th|dt|dd|table|details|summary)\b[^>]*>/gi;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|quot|amp|apos|nbsp);/gi, (_, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return { lt: '<', gt: '>', quot: '"', amp: '&', apos: "'", nbsp: ' ' }[lower] ?? '';
  });
}

/** Text and links of sanitized HTML, list items marked with a bullet, blocks on lines of their own. */
function piecesOf(html: string): Piece[] {
  const flat = html.replace(/<li\b[^>]*>/gi, '\n• ').replace(BLOCK_TAG, '\n');
  const text = (part: string) => decodeEntities(part.replace(/<[^>]*>/g, ''));
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of flat.matchAll(ANCHOR)) {
    pieces.push({ kind: 'text', text: text(flat.slice(last, match.index)) });
    pieces.push({ kind: 'link', href: decodeEntities(match[1]!), text: text(match[2]!) });
    last = match.index + match[0].length;
  }
  pieces.push({ kind: 'text', text: text(flat.slice(last)) });
  return pieces;
}

/** Slack's three escapes: what remains can be neither a link, a mention nor a command. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A Slack link `<url|text>`; `|` in the URL would end it early, so it is percent-encoded. */
export function slackLink(href: string, text: string): string {
  return `<${escapeSlack(href).replace(/\|/g, '%7C')}|${escapeSlack(text)}>`;
}

/**
 * Discord markdown that shows `text` as written: markup characters backslash-escaped, and the `:` of
 * `://`, so a bare URL is not made a link either.
 */
export function escapeDiscord(text: string): string {
  return text.replace(/[\\*_~`|[\]()<>#@-]|:(?=\/\/)/g, '\\$&');
}

function discordLink(href: string, text: string): string {
  // Discord masks http(s) links only; the URL's own `)` would end it early.
  if (!/^https?:\/\//i.test(href)) return escapeDiscord(text);
  return `[${escapeDiscord(text)}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
}

/** Whitespace as a reader expects it: runs of spaces folded, one line break between blocks. */
function tidy(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

/**
 * `html` in `dialect`, at most `max` characters: cut at a piece, never inside a link or an escape,
 * with `…` when cut.
 */
export function renderChatText(html: string, dialect: ChatDialect, max: number): string {
  const rendered = piecesOf(html).map((piece) => {
    const text = piece.text.replace(/\s+/g, (ws) => (ws.includes('\n') ? '\n' : ' '));
    if (piece.kind === 'text')
      return { atomic: false, out: dialect === 'slack' ? escapeSlack(text) : escapeDiscord(text) };
    return {
      atomic: true,
      out: dialect === 'slack' ? slackLink(piece.href, text) : discordLink(piece.href, text),
    };
  });
  const whole = tidy(rendered.map((r) => r.out).join(''));
  if (whole.length <= max) return whole;
  let out = '';
  for (const { atomic, out: part } of rendered) {
    const room = max - 1 - out.length;
    if (part.length <= room) {
      out += part;
      continue;
    }
    if (!atomic) {
      // Back off an escape cut in half: Slack's `&amp;` or Discord's `\x`.
      let head = part.slice(0, room);
      head = dialect === 'slack' ? head.replace(/&[a-z]*$/, '') : head.replace(/(?<!\\)((?:\\\\)*)\\$/, '$1');
      out += head;
    }
    break;
  }
  return `${tidy(out)}…`;
}
