/**
 * Whether the user is typing: a text field (a text-like input, a textarea, an editable element)
 * has the focus. On a phone that is when the on-screen keyboard is up, and the event tab bar steps
 * aside so that it never sits over the field or between the field and the keyboard.
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

function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type) && !element.readOnly;
  return element instanceof HTMLElement && element.isContentEditable;
}

function subscribe(onChange: () => void): () => void {
  // focusout fires before the next element has the focus: look again once it has.
  const later = () => queueMicrotask(onChange);
  document.addEventListener('focusin', onChange);
  document.addEventListener('focusout', later);
  return () => {
    document.removeEventListener('focusin', onChange);
    document.removeEventListener('focusout', later);
  };
}

const snapshot = () => isTextEntry(document.activeElement);

export function useIsTyping(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
