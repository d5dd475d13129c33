/**
 * The confirmation email: plain text and HTML parts, and the RFC 8058 one-click unsubscribe headers
 * (`List-Unsubscribe` + `List-Unsubscribe-Post`) that every Shiplog email carries.
 */
import type { Mail } from '../mail/create-mailer.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** RFC 8058 §3.1: both headers, the URL an HTTPS (or here, the configured base) URL. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function confirmationEmail(
  to: string,
  projectName: string,
  confirmUrl: string,
  unsubscribeUrl: string,
): Mail {
  const name = projectName;
  return {
    to,
    subject: `Confirm your subscription to ${name} updates`,
    text: `Someone, hopefully you, asked to get ${name}'s release notes at this address.

Confirm your subscription:
${confirmUrl}

The link works for 48 hours. If you did not ask for this, ignore this email: you will not hear from us again.

Unsubscribe: ${unsubscribeUrl}
`,
    html: `<!doctype html><html><body style="font-family: system-ui, sans-serif; line-height: 1.5">
<p>Someone, hopefully you, asked to get <strong>${escapeHtml(name)}</strong>'s release notes at this address.</p>
<p><a href="${escapeHtml(confirmUrl)}">Confirm your subscription</a></p>
<p>The link works for 48 hours. If you did not ask for this, ignore this email: you will not hear from us again.</p>
<p style="color: #666; font-size: 12px"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`,
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
