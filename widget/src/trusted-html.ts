/**
 * The one place the widget inserts HTML: an entry's body, which the server sanitized (sanitize-html:
 * no scripts, handlers, iframes or `javascript:` URLs). A host page whose CSP says
 * `require-trusted-types-for 'script'` refuses a plain string there, so the body goes through a
 * Trusted Types policy named `shiplog` (https://w3c.github.io/trusted-types/dist/spec/), made once and
 * used for nothing else. When the host does not allow that policy (a `trusted-types` directive that
 * leaves `shiplog` out), the body is shown as text instead: the widget still works, without markup.
 * In a browser with no Trusted Types, the string is assigned as before.
 */
type TrustedHtmlPolicy = { createHTML(input: string): unknown };
type TrustedTypesFactory = {
  createPolicy(name: string, rules: { createHTML(input: string): string }): TrustedHtmlPolicy;
};

/** The policy's name, for a host's `trusted-types` directive. */
export const POLICY_NAME = 'shiplog';

/** undefined: not asked yet; null: Trusted Types exist but refuse our policy; 'none': no Trusted Types. */
let policy: TrustedHtmlPolicy | null | 'none' | undefined;

function sanitizedHtmlPolicy(): TrustedHtmlPolicy | null | 'none' {
  if (policy !== undefined) return policy;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return (policy = 'none');
  try {
    // The server sanitized it; the policy only vouches for that to the browser.
    policy = factory.createPolicy(POLICY_NAME, { createHTML: (html) => html });
  } catch {
    policy = null;
  }
  return policy;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of sanitized HTML, a line per block, with no parser (parsing HTML is a sink too). */
export function htmlToText(html: string): string {
  return html
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/?(p|h\d|br|div|ul|ol|pre|blockquote|tr|table|details|summary)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t]*\n\s*/g, '\n')
    .trim();
}

/** Put the server-sanitized `html` into `element`: as HTML when the page allows it, else as text. */
export function setSanitizedHtml(element: HTMLElement, html: string): void {
  const trusted = sanitizedHtmlPolicy();
  if (trusted !== null) {
    try {
      element.innerHTML = (trusted === 'none' ? html : trusted.createHTML(html)) as string;
      return;
    } catch {
      // A page that enforces Trusted Types without offering them to scripts: text below.
    }
  }
  element.classList.add('text');
  element.textContent = htmlToText(html);
}
