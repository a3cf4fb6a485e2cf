/**
 * GoTrue's error replies. An `AuthError` carries GoTrue's HTTP status, error code and message;
 * `errorReply` renders it as GoTrue does for the caller's API version: `{code, message}` when the
 * request sends `X-Supabase-Api-Version: 2024-01-01` or later (as supabase-js always does, and
 * the version is echoed back so that auth-js reads `code`), else the initial shape
 * `{code: <status>, error_code, msg}`. Weak-password errors also carry `weak_password.reasons`.
 */
import type { ApiRequest, ApiResponse } from '../app.ts';

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = Date.parse('2024-01-01T00:00:00Z');

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);

export function weakPassword(reasons: string[], message: string): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
}

/** The API version the request asks for (a `YYYY-MM-DD` date), or null for the initial one. */
export function requestApiVersion(req: ApiRequest): string | null {
  const value = req.header(API_VERSION_HEADER)?.trim();
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && time >= API_VERSION_2024 ? '2024-01-01' : null;
}

/** Headers every reply carries: the API version echoed back when the request named one. */
export function versionHeaders(req: ApiRequest): Record<string, string> {
  const version = requestApiVersion(req);
  return version ? { [API_VERSION_HEADER]: version } : {};
}

export function errorReply(req: ApiRequest, error: AuthError): ApiResponse {
  const headers = versionHeaders(req);
  const body = requestApiVersion(req)
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return { status: error.status, body, headers };
}
