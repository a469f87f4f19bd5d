import { useLayoutEffect, useState, type RefObject } from 'react';

/** The width of an element's box, read before the first paint and again whenever it changes (null before it is on the page). */
export function useBoxWidth(ref: RefObject<HTMLElement | null>, active: boolean): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el) return undefined;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, active]);
  return width;
}
