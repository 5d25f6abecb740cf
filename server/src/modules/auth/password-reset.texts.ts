import { escapeHtml } from '../../lib/html.ts';

export const PASSWORD_RESET_TEXTS = {
  requested:
    'If an account matches what you entered, we have sent a link to reset its password to its email address.',
  tooMany: 'Too many password reset requests. Please try again in :seconds seconds.',
  invalid: 'This password reset link is not valid.',
  used: 'This password reset link has already been used.',
  expired: 'This password reset link has expired.',
  done: 'Your password has been reset. Sign in with your new password.',
  subject: 'Reset your Versus password',
} as const;

/** "60 minutes", "2 hours": how long a link works, as the mail says it. */
export function lifetimeText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${String(minutes / 60)} hours`;
  return minutes === 1 ? '1 minute' : `${String(minutes)} minutes`;
}

/** The mail with the reset link, as plain text and as HTML (names escaped). */
export function passwordResetMail(username: string, link: string, lifetime: string) {
  const lines = [
    `Hello ${username},`,
    'someone (hopefully you) asked to reset the password of your Versus account. Open this link to choose a new one:',
    link,
    `The link works once and expires in ${lifetime}. If you did not ask for it, ignore this mail: your password stays as it is.`,
  ];
  const text = lines.join('\n\n');
  const html = [
    `<p>Hello ${escapeHtml(username)},</p>`,
    `<p>${escapeHtml(lines[1] ?? '')}</p>`,
    `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
    `<p>${escapeHtml(lines[3] ?? '')}</p>`,
  ].join('\n');
  return { subject: PASSWORD_RESET_TEXTS.subject, text, html };
}
