import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height that makes an element reach the bottom of the visible viewport (less the padding of
 * the page's main area), kept current as the window, the phone keyboard (visualViewport) and the
 * banners above it change.
 */
export function useFillViewport(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const main = el.closest('main');
      const gap = main ? parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
      const visible = window.visualViewport?.height ?? window.innerHeight;
      setHeight(Math.max(320, Math.floor(visible - top - gap)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    window.visualViewport?.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      window.visualViewport?.removeEventListener('resize', measure);
    };
  }, [ref]);
  return height;
}
