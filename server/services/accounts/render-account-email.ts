/** The account emails (password reset, invitation): plain text and HTML parts, no tracking. */
import { renderView } from '../../views/render-view.ts';
import type { Mail } from '../mail/create-mailer.ts';

export function passwordResetEmail(to: string, resetUrl: string): Mail {
  return {
    to,
    subject: 'Reset your Shiplog password',
    text: `Someone, hopefully you, asked to reset the password of your Shiplog account.

Choose a new password:
${resetUrl}

The link works once, for 1 hour. If you did not ask for this, ignore this email: your password stays as it is.
`,
    html: renderView('email-password-reset', { resetUrl }),
    headers: {},
  };
}

export function invitationEmail(
  to: string,
  invite: { projectName: string; inviter: string | null; role: string; acceptUrl: string },
): Mail {
  const who = invite.inviter ?? 'A project owner';
  return {
    to,
    subject: `You are invited to ${invite.projectName} on Shiplog`,
    text: `${who} invited you to write the changelog of ${invite.projectName} on Shiplog, as ${invite.role}.

Accept the invitation:
${invite.acceptUrl}

The link works for 7 days. If you did not expect this, ignore this email.
`,
    html: renderView('email-invitation', { ...invite, who }),
    headers: {},
  };
}
