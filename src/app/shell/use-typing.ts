/**
 * Whether the on-screen keyboard is up for a text field: a text-like input, a textarea or an
 * editable element has the focus AND the visible viewport is much shorter than it is without a
 * keyboard (at this width). The event tab bar steps aside then, so that it never sits over the
 * field or between the field and the keyboard. Focus alone is not enough: a field focused by code
 * (no keyboard comes up) or a keyboard closed with the phone's back button keeps the bar.
 */
import { useSyncExternalStore } from 'react';

/** Input types that take no typing (no keyboard comes up for them). */
const NOT_TYPED = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);
/** A keyboard takes at least this much of the height (a browser's bar showing or hiding takes less). */
const KEYBOARD_PX = 120;

function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type) && !element.readOnly;
  return element instanceof HTMLElement && element.isContentEditable;
}

/** The tallest visible height seen at each width: the height without a keyboard. */
const fullHeight = new Map<number, number>();
const visibleHeight = () => window.visualViewport?.height ?? window.innerHeight;

function remember(): void {
  const width = window.innerWidth;
  fullHeight.set(width, Math.max(fullHeight.get(width) ?? 0, visibleHeight()));
}

function subscribe(onChange: () => void): () => void {
  remember();
  const changed = () => {
    remember();
    onChange();
  };
  // focusout fires before the next element has the focus: look again once it has.
  const later = () => queueMicrotask(changed);
  document.addEventListener('focusin', changed);
  document.addEventListener('focusout', later);
  window.addEventListener('resize', changed);
  window.visualViewport?.addEventListener('resize', changed);
  return () => {
    document.removeEventListener('focusin', changed);
    document.removeEventListener('focusout', later);
    window.removeEventListener('resize', changed);
    window.visualViewport?.removeEventListener('resize', changed);
  };
}

const snapshot = () =>
  isTextEntry(document.activeElement) &&
  visibleHeight() < (fullHeight.get(window.innerWidth) ?? visibleHeight()) - KEYBOARD_PX;

export function useIsTyping(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
