/**
 * Two-factor sign-in with an authenticator app (TOTP), through the auth service's MFA calls:
 * enrol (a QR code and the secret as text), verify a 6-digit code (challenge + verify raises the
 * session to aal2), remove. Each answers an error text for the form instead of throwing; all need
 * the network (the auth service checks every code).
 */
import { loadAuth } from '../../sync/backend.ts';

export type Outcome = { error: string | null };

/** The authenticator app a user added, as the profile page shows it. */
export interface AuthenticatorFactor {
  id: string;
  name: string | null;
  isVerified: boolean;
}

/** What an enrolment shows: the QR code to scan and the same secret as text to type in. */
export interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
  /** The `otpauth://` link: on a phone it adds the account to the authenticator app there. */
  uri: string;
}

const FACTOR_NAME = 'Authenticator app';

export const CODE_PATTERN = /^\d{6}$/;
export const CODE_FORMAT_ERROR = 'Enter the 6-digit code from your authenticator app';
const WRONG_CODE_ERROR =
  'That code is not right. Check the time on your phone and enter the 6-digit code shown now in your authenticator app.';
const OFFLINE_ERROR = 'Two-factor sign-in needs a connection. Please try again when you are online.';

/** The auth service's words where its own are technical, by its error code. */
const CLEARER: Record<string, string> = {
  mfa_verification_failed: WRONG_CODE_ERROR,
  mfa_challenge_expired: 'That code took too long. Please enter the code shown now in your authenticator app.',
  over_request_rate_limit: 'Too many codes tried. Please wait a few minutes and try again.',
  insufficient_aal: 'Enter the code from your authenticator app first, then try again.',
  mfa_totp_enroll_not_enabled: 'Two-factor sign-in is not offered on this CrewCamp site.',
  mfa_totp_verify_not_enabled: 'Two-factor sign-in is not offered on this CrewCamp site.',
  mfa_factor_not_found: 'This authenticator app was removed. Please set up two-factor sign-in again.',
};

function messageOf(error: unknown, fallback: string): string {
  if (!error || typeof error !== 'object') return fallback;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (CLEARER[code]) return CLEARER[code];
  const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
  if (status === 0 || error instanceof TypeError || (error as { name?: unknown }).name === 'AuthRetryableFetchError')
    return OFFLINE_ERROR;
  return fallback;
}

/** The user's authenticator apps (verified or left half set up), from the auth service. */
export async function listFactors(): Promise<{ factors: AuthenticatorFactor[]; error: string | null }> {
  try {
    const { data, error } = await (await loadAuth()).mfa.listFactors();
    if (error || !data) return { factors: [], error: messageOf(error, 'Could not load your two-factor settings') };
    const factors = data.all
      .filter((factor) => factor.factor_type === 'totp')
      .map((factor) => ({
        id: factor.id,
        name: factor.friendly_name ?? null,
        isVerified: factor.status === 'verified',
      }));
    return { factors, error: null };
  } catch (error) {
    return { factors: [], error: messageOf(error, 'Could not load your two-factor settings') };
  }
}

/**
 * Starts adding an authenticator app. A set-up left half done (never verified) is removed first:
 * it holds the name, and its secret was never proven to be in an app.
 */
export async function startEnrolment(): Promise<{ enrolment: Enrolment | null; error: string | null }> {
  const fallback = 'Could not start two-factor set-up. Please try again.';
  try {
    const auth = await loadAuth();
    const { factors, error: listError } = await listFactors();
    if (listError) return { enrolment: null, error: listError };
    for (const factor of factors.filter((f) => !f.isVerified)) await auth.mfa.unenroll({ factorId: factor.id });
    const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: FACTOR_NAME });
    if (error || !data) return { enrolment: null, error: messageOf(error, fallback) };
    return {
      enrolment: { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri },
      error: null,
    };
  } catch (error) {
    return { enrolment: null, error: messageOf(error, fallback) };
  }
}

/** Checks a code of the factor: on success the session is aal2 (and an enrolment is verified). */
export async function verifyCode(factorId: string, code: string): Promise<Outcome> {
  const digits = code.replace(/\s/g, '');
  if (!CODE_PATTERN.test(digits)) return { error: CODE_FORMAT_ERROR };
  try {
    const { error } = await (await loadAuth()).mfa.challengeAndVerify({ factorId, code: digits });
    return { error: error ? messageOf(error, 'Could not check the code. Please try again.') : null };
  } catch (error) {
    return { error: messageOf(error, 'Could not check the code. Please try again.') };
  }
}

/** The verified factor that sign-in asks a code of (the first, as the user has one app). */
export async function verifiedFactorId(): Promise<{ factorId: string | null; error: string | null }> {
  const { factors, error } = await listFactors();
  return { factorId: factors.find((factor) => factor.isVerified)?.id ?? null, error };
}

/** Removes an authenticator app; a verified one needs an aal2 session (the auth service checks). */
export async function removeFactor(factorId: string): Promise<Outcome> {
  try {
    const auth = await loadAuth();
    const { error } = await auth.mfa.unenroll({ factorId });
    if (error) return { error: messageOf(error, 'Could not turn off two-factor sign-in. Please try again.') };
    // The session keeps aal2 until it is refreshed; refresh now so the user's factors are current.
    await auth.refreshSession();
    return { error: null };
  } catch (error) {
    return { error: messageOf(error, 'Could not turn off two-factor sign-in. Please try again.') };
  }
}
