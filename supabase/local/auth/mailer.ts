/**
 * The mails the auth server sends, with the Supabase CLI's local templates (subjects and words as
 * `supabase start` sends them): each one-time code is mailed both as a link to `GET /verify` and as
 * the six-digit code, so that an app can offer either. The link carries the code's hash (with the
 * `pkce_` prefix of a PKCE flow), as GoTrue's links do; the code itself is only in the text.
 */
import type { App } from '../app.ts';

export type MailKind = 'recovery' | 'magiclink' | 'signup' | 'invite' | 'reauthentication' | 'email_change';

const SUBJECTS: Record<MailKind, string> = {
  recovery: 'Reset Your Password',
  magiclink: 'Your Magic Link',
  signup: 'Confirm Your Signup',
  invite: 'You have been invited',
  reauthentication: 'Confirm reauthentication',
  email_change: 'Confirm Email Change',
};

function text(kind: MailKind, link: string, otp: string, siteUrl: string): string {
  switch (kind) {
    case 'recovery':
      return `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${otp}`;
    case 'magiclink':
      return `Magic Link\n\nFollow this link to login:\n${link}\n\nAlternatively, enter the code: ${otp}`;
    case 'signup':
      return `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n\nAlternatively, enter the code: ${otp}`;
    case 'invite':
      return `You have been invited\n\nYou have been invited to create a user on ${siteUrl}. Follow this link to accept the invite:\n${link}\n\nAlternatively, enter the code: ${otp}`;
    case 'reauthentication':
      return `Confirm reauthentication\n\nEnter the code: ${otp}`;
    case 'email_change':
      return `Confirm Change of Email\n\nFollow this link to confirm the update of your email:\n${link}\n\nAlternatively, enter the code: ${otp}`;
  }
}

/** The link a mail of this kind carries: `GET /verify` with the token hash, type and target. */
export function actionLink(app: App, kind: MailKind, tokenHash: string, redirectTo: string): string {
  const type = kind === 'reauthentication' ? 'reauthentication' : kind;
  return `${app.url}/auth/v1/verify?token=${tokenHash}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
}

export async function sendAuthMail(
  app: App,
  kind: MailKind,
  to: string,
  code: { otp: string; hash: string },
  redirectTo: string,
): Promise<void> {
  const link = kind === 'reauthentication' ? undefined : actionLink(app, kind, code.hash, redirectTo);
  await app.sendMail({
    to,
    subject: SUBJECTS[kind],
    body: text(kind, link ?? '', code.otp, app.config.siteUrl),
    link,
  });
}
