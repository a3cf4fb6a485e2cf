/**
 * HS256 JSON Web Tokens, as a hosted project signs and checks them: the anon and service_role API
 * keys are tokens signed with the project's secret, and so are the access tokens of signed-in users.
 */
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import { DEMO_KEY_EXP } from './config.ts';

export type Claims = JWTPayload & Record<string, unknown>;

export class JwtKeys {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return { ok: true, claims: payload as Claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'signature' };
      return { ok: false, reason: 'malformed' };
    }
  }
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'signature' | 'malformed' };
