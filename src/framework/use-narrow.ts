import { matchesMedia, useMediaQuery } from './media-query';

/** Below antd's `md` breakpoint: a phone. Menus become drawers, lists become cards. */
export const NARROW_QUERY = '(max-width: 767.98px)';

export function isNarrow(): boolean {
  return matchesMedia(NARROW_QUERY);
}

/** Whether the window is phone-narrow now, re-rendering when that changes (rotation, resize). */
export function useNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
