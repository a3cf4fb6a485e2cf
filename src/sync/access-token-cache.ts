/**
 * The sync worker's copy of the tab's access token (sync-worker-contract.ts). Asking the tab costs a
 * message round trip and a read of the session store, once per request; the token is the same until
 * the tab refreshes it, so the worker keeps it until shortly before it expires, or until a refresh.
 */
import { SESSION_EXPIRY_MARGIN_MS } from './auth-port.ts';

/** An access token and when it expires (seconds since the epoch, as the session says). */
export interface AccessToken {
  token: string;
  expiresAt: number | null;
}

/** A kept token is asked for again once it counts as expiring, as the engine's session check counts it. */
export interface AccessTokenCache {
  /** The kept token, or the tab's current one when none is kept or it expires soon. */
  get(): Promise<string | null>;
  /** The tab refreshed or the server refused the token: ask again next time. */
  forget(): void;
}

export function accessTokenCache(ask: () => Promise<AccessToken | null>, now = () => Date.now()): AccessTokenCache {
  let kept: { token: string; until: number } | null = null;
  let generation = 0;
  return {
    async get() {
      if (kept && now() < kept.until) return kept.token;
      const asked = generation;
      const answer = await ask();
      // A refresh that came while the tab answered makes this answer stale: use it, keep it not.
      if (asked === generation)
        kept = answer?.expiresAt
          ? { token: answer.token, until: answer.expiresAt * 1000 - SESSION_EXPIRY_MARGIN_MS }
          : null;
      return answer?.token ?? null;
    },
    forget() {
      generation += 1;
      kept = null;
    },
  };
}
