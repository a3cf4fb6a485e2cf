import { describe, expect, it } from 'vitest';
import { isRealIdMove } from '../../src/features/sync-status/temp-id-redirect.tsx';

const real = '3f1c2a9e-8b7d-4c6e-9f01-23456789abcd';

describe('isRealIdMove (the page keeps its state when an offline-made event gets its real id)', () => {
  it('a page of the event moved from its local id to its real one is the same page', () => {
    expect(isRealIdMove('/events/temp-1764140000000', `/events/${real}`)).toBe(true);
    expect(isRealIdMove('/events/temp-1764140000000/chat', `/events/${real}/chat`)).toBe(true);
  });

  it('any other move is a new page', () => {
    expect(isRealIdMove('/events/temp-1764140000000', `/events/${real}/chat`)).toBe(false);
    expect(isRealIdMove('/events/temp-1764140000000/chat', `/events/${real}`)).toBe(false);
    expect(isRealIdMove(`/events/${real}`, `/events/${real}/chat`)).toBe(false);
    expect(isRealIdMove('/events/temp-1764140000000', '/events/temp-1764140000001')).toBe(false);
    expect(isRealIdMove('/events/temp-1764140000000', '/dashboard')).toBe(false);
  });
});
