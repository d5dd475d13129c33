/**
 * The confirmation email: plain text and HTML parts, and the RFC 8058 one-click unsubscribe headers
 * (`List-Unsubscribe` + `List-Unsubscribe-Post`) that every Shiplog email carries.
 */
import { renderView } from '../../views/render-view.ts';
import type { Mail } from '../mail/create-mailer.ts';

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
    html: renderView('email-confirm', { name, confirmUrl, unsubscribeUrl }),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
