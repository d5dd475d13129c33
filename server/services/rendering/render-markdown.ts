/**
 * Markdown → sanitized HTML, done once when an entry is written (never per read).
 *
 * marked renders GitHub-flavoured Markdown; sanitize-html then keeps only the allowlist below
 * (docs/api.md#widget-json: no script, no event handlers, no `javascript:` URLs, links get
 * `rel="noopener noreferrer nofollow"`). Raw HTML in the Markdown is passed to the sanitizer, which
 * drops what is not allowed: authors keep `<details>` or `<kbd>`, attackers lose `<script>`.
 */
import { Marked, type Token, type TokensList } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Only absolute URLs survive (docs/api.md#widget-json): the widget shows this HTML inside
 * the customer's page, where `/logout` or `../x` would resolve against the customer's site.
 */
const ABSOLUTE_LINK = /^(https?:\/\/|mailto:)/i;
const ABSOLUTE_IMAGE = /^https?:\/\//i;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'kbd',
    'samp',
    'em',
    'strong',
    'del',
    's',
    'sub',
    'sup',
    'mark',
    'a',
    'img',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'details',
    'summary',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#_-]+$/i] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Task-list checkboxes from GFM only; any other input is dropped. Images without an absolute
  // http(s) source are dropped. A link without an absolute target loses its tag, opening and closing,
  // and keeps its content where it was (`excludeTag`). Turning it into a tag the allowlist drops
  // instead would leave sanitize-html's record of that rename behind, and the next link at the same
  // depth would close as the dropped tag: its `</a>` lost, it swallowed the rest of the paragraph.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a') return ABSOLUTE_LINK.test(frame.attribs.href ?? '') ? false : 'excludeTag';
    return (
      (frame.tag === 'input' && frame.attribs.type !== 'checkbox') ||
      (frame.tag === 'img' && !ABSOLUTE_IMAGE.test(frame.attribs.src ?? ''))
    );
  },
  transformTags: {
    a: (tagName, attribs) =>
      ABSOLUTE_LINK.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }
        : { tagName, attribs },
    input: (tagName, attribs) => ({
      tagName,
      attribs: { type: 'checkbox', disabled: '', ...(attribs.checked !== undefined ? { checked: '' } : {}) },
    }),
  },
  disallowedTagsMode: 'discard',
};

/** Sanitize an HTML fragment with the entry allowlist. Idempotent: `sanitize(sanitize(x)) === sanitize(x)`. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/**
 * How deep a body's Markdown may nest (quotes in quotes, lists in lists, emphasis in links…), counted
 * in marked's tokens (docs/api.md "Markdown"). Deeper is "too complex to render", whatever the route:
 * marked recurses once per level, and every body stored is read again by marked on the request thread
 * (an import's leading change, the drafting profile, CHANGELOG.md), whose stack ends near 2,000 levels.
 * Real notes nest a handful of levels.
 */
export const MAX_NESTING = 100;

/** The children of a token that marked lexed into their own token lists. */
function childLists(token: Token): (readonly Token[])[] {
  const lists: (readonly Token[])[] = [];
  if ('tokens' in token && Array.isArray(token.tokens)) lists.push(token.tokens);
  if (token.type === 'list') lists.push(token.items as Token[]);
  if (token.type === 'table') {
    const cells = [token.header, ...token.rows].flat() as { tokens: Token[] }[];
    lists.push(...cells.map((cell) => cell.tokens));
  }
  return lists;
}

/** Whether `tokens` nest deeper than {@link MAX_NESTING}; a walk with its own stack, never recursion. */
function nestsTooDeep(tokens: readonly Token[]): boolean {
  const pending: [readonly Token[], number][] = [[tokens, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [list, depth] = next;
    if (depth > MAX_NESTING) return true;
    for (const token of list) for (const child of childLists(token)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * A body's tokens, lexed as {@link renderMarkdown} renders them (GitHub-flavoured).
 * @throws RangeError when the body nests deeper than {@link MAX_NESTING} (or overflows the stack while
 *   lexing): the renderer's "too complex to render".
 */
export function lexMarkdown(markdown: string): TokensList {
  const tokens = marked.lexer(markdown);
  if (nestsTooDeep(tokens)) throw new RangeError(`Markdown nests deeper than ${MAX_NESTING} levels`);
  return tokens;
}

/**
 * Tokens from {@link lexMarkdown} to safe HTML that is a fixed point of `sanitize`.
 * One pass is not always enough: raw HTML can yield nesting the HTML parser re-arranges on the next
 * read (`<p><table>` becomes `<p></p><table>`), so passes repeat until nothing changes (two suffice
 * in practice; the bound only guards against a pathological input).
 */
export function renderTokens(tokens: TokensList): string {
  let html = sanitize(marked.parser(tokens));
  for (let pass = 0; pass < 4; pass++) {
    const again = sanitize(html);
    if (again === html) break;
    html = again;
  }
  return html;
}

/**
 * Render an entry body (Markdown, UTF-8) to safe HTML that is a fixed point of `sanitize`.
 * @throws RangeError when the body nests deeper than {@link MAX_NESTING}.
 */
export function renderMarkdown(markdown: string): string {
  return renderTokens(lexMarkdown(markdown));
}
