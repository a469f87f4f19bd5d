import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a pre-rendered page (scripts/prerender.mjs; no session was known when it
 * was drawn), true on the render right after and on every render that is not hydrating. A screen that
 * draws something else for a session draws the visitor's markup until then, so hydration matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
