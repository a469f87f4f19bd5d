import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint: a phone. Menus become drawers, lists become cards. */
export const NARROW_QUERY = '(max-width: 767.98px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
}

export function isNarrow(): boolean {
  return media()?.matches ?? false;
}

function subscribe(listener: () => void): () => void {
  const list = media();
  if (!list) return () => undefined;
  // Some engines (and old Safari) only have the deprecated pair.
  if (list.addEventListener) list.addEventListener('change', listener);
  else list.addListener(listener);
  return () => (list.removeEventListener ? list.removeEventListener('change', listener) : list.removeListener(listener));
}

/** Whether the window is phone-narrow now, re-rendering when that changes (rotation, resize). */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
