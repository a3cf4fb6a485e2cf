/**
 * Pages drawn at build time (src/prerender/render-page.tsx): the document holds the page's HTML in
 * `<div id="root" data-prerendered="/login">`, and React hydrates it instead of drawing it anew.
 *
 * The route guards decide from facts the build cannot know (the session, the site switches). While
 * React draws the page at build time, and while it hydrates it in the browser, they draw the page,
 * so hydration finds the markup it expects. After that, until the facts are in, they keep the page
 * when the last settings this device saw lead to it (or it saw none), on hold (page-hold.ts), and
 * show the loading view otherwise. Once the facts are in, they redirect as usual.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

function documentPrerender(): string | null {
  const root = typeof document === 'undefined' ? null : document.getElementById('root');
  return root?.dataset.prerendered ?? null;
}

/** The path of the page the document was prerendered with (the build's render sets it), or null. */
export const PrerenderContext = createContext<string | null>(documentPrerender());

const subscribeToNothing = () => () => undefined;

/**
 * Whether a guard whose facts are still unknown draws its page: on the prerendered page, while the
 * build draws it or React hydrates it, and after that when `lastSettingsLeadHere`.
 */
export function useShowsPrerendered(lastSettingsLeadHere: boolean): boolean {
  const path = useContext(PrerenderContext);
  const { pathname } = useLocation();
  // The server snapshot is what the build's render and a hydration see; any later render sees false.
  const isHydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  return path === pathname && (isHydrating || lastSettingsLeadHere);
}
