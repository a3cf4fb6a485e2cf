/**
 * The auth settings of `supabase/config.toml` that change what the auth server allows, read as the
 * Supabase CLI reads them and pushes them to a hosted project (`supabase config push`):
 * - `[auth.mfa] max_enrolled_factors` and `[auth.mfa.totp] enroll_enabled / verify_enabled`
 *   (authenticator-app factors; phone and WebAuthn factors are not offered here);
 * - `[auth.email] secure_password_change` (a password change needs a mailed nonce when the session
 *   is older than 24 hours) and `max_frequency` is left to `AUTH_EMAIL_MAX_FREQUENCY`;
 * - `[auth] enable_manual_linking` (whether `/user/identities` may be used at all).
 * A missing key takes the CLI's default, as `supabase start` would. Without a config file (the
 * tests' backends) the settings are a hosted project's defaults: TOTP on, the rest off.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { isObject, type Json } from './util.ts';

export interface AuthSettings {
  totpEnroll: boolean;
  totpVerify: boolean;
  maxEnrolledFactors: number;
  securePasswordChange: boolean;
  manualLinking: boolean;
}

export const HOSTED_DEFAULTS: AuthSettings = {
  totpEnroll: true,
  totpVerify: true,
  maxEnrolledFactors: 10,
  securePasswordChange: false,
  manualLinking: false,
};

const section = (parent: unknown, key: string): Json =>
  isObject(parent) && isObject(parent[key]) ? (parent[key] as Json) : {};

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** The settings of a parsed config.toml, with the CLI's defaults for what it leaves out. */
export function settingsFromToml(config: Json): AuthSettings {
  const auth = section(config, 'auth');
  const mfa = section(auth, 'mfa');
  const totp = section(mfa, 'totp');
  const email = section(auth, 'email');
  const max = Number(mfa.max_enrolled_factors);
  return {
    totpEnroll: flag(totp.enroll_enabled, false),
    totpVerify: flag(totp.verify_enabled, false),
    maxEnrolledFactors: Number.isInteger(max) && max > 0 ? max : 10,
    securePasswordChange: flag(email.secure_password_change, false),
    manualLinking: flag(auth.enable_manual_linking, false),
  };
}

/** Reads the settings once at start (a malformed file is an error, as for the hooks). */
export function readAuthSettings(file: string | null): AuthSettings {
  if (!file) return HOSTED_DEFAULTS;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return HOSTED_DEFAULTS;
    throw error;
  }
  return settingsFromToml(parse(text) as Json);
}
