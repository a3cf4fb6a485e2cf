/** Reading create-checkout's answer (pure): its URL, or the spec's error text. */
/** The URL or the error text of a create-checkout answer. */
export function readCheckoutAnswer(status: number, body: unknown): { url: string } | { error: string } {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (status < 200 || status >= 300) {
    return {
      error:
        typeof record.error === 'string' && record.error
          ? record.error
          : `HTTP ${status}: Failed to create checkout session`,
    };
  }
  if (typeof record.url !== 'string' || !record.url) return { error: 'No checkout URL returned' };
  return { url: record.url };
}
