/**
 * HS256 JSON Web Tokens, as a hosted project signs and checks them: the anon and service_role API
 * keys are tokens signed with the project's secret, and so are the access tokens of signed-in users.
 */
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import { DEMO_KEY_EXP } from './config.ts';

export type Claims = JWTPayload & Record<string, unknown>;

/** Tokens remembered as verified (a client sends its token with every request). */
const REMEMBERED = 2000;

export class JwtKeys {
  private readonly key: Uint8Array;
  /** Verified tokens and their claims: the HMAC of a token is checked once, its expiry every time. */
  private readonly verified = new Map<string, Claims>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: Claims): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  /** The API key for a role, made as the Supabase CLI makes its demo keys. */
  apiKey(role: 'anon' | 'service_role'): Promise<string> {
    return this.sign({ iss: 'supabase-demo', role, exp: DEMO_KEY_EXP });
  }

  /** Verifies signature (HS256 only: `alg: none` and others are refused) and expiry. */
  async verify(token: string): Promise<VerifyResult> {
    const known = this.verified.get(token);
    if (known && (typeof known.exp !== 'number' || known.exp > Math.floor(Date.now() / 1000))) {
      return { ok: true, claims: { ...known } };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (this.verified.size >= REMEMBERED) this.verified.clear();
      this.verified.set(token, payload as Claims);
      return { ok: true, claims: { ...(payload as Claims) } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'signature' };
      return { ok: false, reason: 'malformed' };
    }
  }
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'signature' | 'malformed' };
