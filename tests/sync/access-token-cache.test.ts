/**
 * The sync worker keeps the tab's access token instead of asking the tab before every request:
 * until a minute before it expires, or until a refresh makes it stale.
 */
import { describe, expect, it } from 'vitest';
import { accessTokenCache, type AccessToken } from '../../src/sync/access-token-cache.ts';

const HOUR_S = 3600;

function tab(first: AccessToken | null) {
  let answer = first;
  let asked = 0;
  return {
    ask: () => {
      asked += 1;
      return Promise.resolve(answer);
    },
    set: (next: AccessToken | null) => (answer = next),
    asked: () => asked,
  };
}

describe('the worker’s access token', () => {
  it('asks the tab once while the token is valid, and again a minute before it expires', async () => {
    let now = 1_000_000_000_000;
    const host = tab({ token: 'a', expiresAt: now / 1000 + HOUR_S });
    const cache = accessTokenCache(host.ask, () => now);
    for (let i = 0; i < 5; i += 1) expect(await cache.get()).toBe('a');
    expect(host.asked()).toBe(1);
    now += (HOUR_S - 61) * 1000;
    expect(await cache.get()).toBe('a');
    expect(host.asked()).toBe(1);
    host.set({ token: 'b', expiresAt: now / 1000 + HOUR_S });
    now += 2000;
    expect(await cache.get()).toBe('b');
    expect(host.asked()).toBe(2);
  });

  it('asks again after a refresh', async () => {
    const host = tab({ token: 'a', expiresAt: Date.now() / 1000 + HOUR_S });
    const cache = accessTokenCache(host.ask);
    expect(await cache.get()).toBe('a');
    host.set({ token: 'b', expiresAt: Date.now() / 1000 + HOUR_S });
    cache.forget();
    expect(await cache.get()).toBe('b');
    expect(await cache.get()).toBe('b');
    expect(host.asked()).toBe(2);
  });

  it('does not keep an answer that a refresh overtook', async () => {
    let release: (answer: AccessToken) => void = () => undefined;
    let asked = 0;
    const cache = accessTokenCache(() => {
      asked += 1;
      return asked === 1
        ? new Promise<AccessToken>((resolve) => (release = resolve))
        : Promise.resolve({ token: 'new', expiresAt: Date.now() / 1000 + HOUR_S });
    });
    const first = cache.get();
    cache.forget();
    release({ token: 'old', expiresAt: Date.now() / 1000 + HOUR_S });
    expect(await first).toBe('old');
    expect(await cache.get()).toBe('new');
    expect(asked).toBe(2);
  });

  it('keeps nothing when signed out or when the expiry is not known', async () => {
    const host = tab(null);
    const cache = accessTokenCache(host.ask);
    expect(await cache.get()).toBeNull();
    host.set({ token: 'a', expiresAt: null });
    expect(await cache.get()).toBe('a');
    expect(await cache.get()).toBe('a');
    expect(host.asked()).toBe(3);
  });
});
