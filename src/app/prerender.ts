/**
 * Pages drawn at build time (src/prerender/render-page.tsx): the document holds the page's HTML in
 * `<div id="root" data-prerendered="/login">`, and React hydrates it instead of drawing it anew.
 *
 * The route guards decide from facts the build cannot know (the session, the site switches). On
 * the server they draw the page; in the browser, until the facts are in, they keep the page the
 * document already shows when the last settings this device saw lead to it (or it saw none), so
 * hydration finds the markup it expects and the visitor can start typing at once. Once the facts
 * are in, the guards redirect as usual.
 */
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';

interface Prerender {
  /** The path of the page the document was prerendered with, or null. */
  path: string | null;
  /** True while the build draws the page. */
  isServer: boolean;
}

function documentPrerender(): Prerender {
  const root = typeof document === 'undefined' ? null : document.getElementById('root');
  return { path: root?.dataset.prerendered ?? null, isServer: false };
}

export const PrerenderContext = createContext<Prerender>(documentPrerender());

/**
 * Whether a guard whose facts are still unknown shows its page: at build time always; in the
 * browser on the prerendered page when `lastSettingsLeadHere` (no settings known counts as yes).
 */
export function useShowsPrerendered(lastSettingsLeadHere: boolean): boolean {
  const prerender = useContext(PrerenderContext);
  const { pathname } = useLocation();
  if (prerender.isServer) return true;
  return prerender.path === pathname && lastSettingsLeadHere;
}
