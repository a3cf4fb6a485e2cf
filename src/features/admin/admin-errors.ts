/**
 * The admin panel's error texts (spec section 8): a server function's failure shows its `error`
 * field, else 'HTTP {status}: {fallback}'; a procedure's failure shows the spec's fallback with the
 * server's reason beside it; a call that never reached the server shows the fallback alone.
 */
export const AUTH_REQUIRED = 'Authentication required. Please log in and try again.';

export class AdminError extends Error {
  constructor(
    message: string,
    /** The server's reason when it differs from the message (procedure failures). */
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

/** The message of a failed server function answer. */
export function functionErrorMessage(status: number, body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
    return body.error;
  }
  return `HTTP ${status}: ${fallback}`;
}

/** The error of a failed procedure: the spec's fallback, with the server's message as the detail. */
export function procedureError(fallback: string, serverMessage: string | null | undefined): AdminError {
  const detail = serverMessage && serverMessage !== fallback ? serverMessage : null;
  return new AdminError(fallback, detail);
}

/** Any thrown value as the text to show, the fallback when it carries none. */
export function errorText(error: unknown, fallback: string): { message: string; detail: string | null } {
  if (error instanceof AdminError) return { message: error.message, detail: error.detail };
  return { message: fallback, detail: null };
}
