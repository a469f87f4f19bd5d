import { useCallback, useSyncExternalStore } from 'react';

function media(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a CSS media query matches now (false where there is no window, as at build time). */
export function matchesMedia(query: string): boolean {
  return media(query)?.matches ?? false;
}

function subscribe(query: string, listener: () => void): () => void {
  const list = media(query);
  if (!list) return () => undefined;
  // Some engines (and old Safari) only have the deprecated pair.
  if (list.addEventListener) list.addEventListener('change', listener);
  else list.addListener(listener);
  return () => (list.removeEventListener ? list.removeEventListener('change', listener) : list.removeListener(listener));
}

/** Whether a CSS media query matches, re-rendering when that changes (rotation, resize, a system setting). */
export function useMediaQuery(query: string): boolean {
  const subscribeToQuery = useCallback((listener: () => void) => subscribe(query, listener), [query]);
  return useSyncExternalStore(
    subscribeToQuery,
    () => matchesMedia(query),
    () => false,
  );
}
