/**
 * When the engine may start (first-screen.ts): once every live query of the first screen has its
 * first answer and a frame was drawn, or after the cap when one never answers or none ran.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { awaitFirstAnswer, firstScreenDrawn } from '../../src/data/first-screen.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function watch(promise: Promise<void>) {
  const state = { isSettled: false };
  void promise.then(() => (state.isSettled = true));
  return state;
}

it('waits for every first answer of the screen, then a frame', async () => {
  const drawn = watch(firstScreenDrawn(5000));
  const events = awaitFirstAnswer();
  const needs = awaitFirstAnswer();
  await vi.advanceTimersByTimeAsync(1000);
  events();
  await vi.advanceTimersByTimeAsync(1000);
  expect(drawn.isSettled).toBe(false);
  needs();
  expect(drawn.isSettled).toBe(false);
  await vi.advanceTimersByTimeAsync(200);
  expect(drawn.isSettled).toBe(true);
});

it('does not wait past the cap for an answer that does not come', async () => {
  const drawn = watch(firstScreenDrawn(1000));
  const never = awaitFirstAnswer();
  await vi.advanceTimersByTimeAsync(999);
  expect(drawn.isSettled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(drawn.isSettled).toBe(true);
  never();
});

it('an answer counted twice ends its wait once', async () => {
  const first = awaitFirstAnswer();
  const second = awaitFirstAnswer();
  first();
  first();
  const drawn = watch(firstScreenDrawn(5000));
  await vi.advanceTimersByTimeAsync(1000);
  expect(drawn.isSettled).toBe(false);
  second();
  await vi.advanceTimersByTimeAsync(200);
  expect(drawn.isSettled).toBe(true);
});
