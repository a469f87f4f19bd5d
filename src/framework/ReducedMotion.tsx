import type { ReactNode } from 'react';
import { Provider as MotionProvider } from 'rc-motion';
import { useMediaQuery } from './media-query';

/**
 * Honours the system's "reduce motion" setting: antd's popups, dialogs and drawers then appear and
 * leave at once instead of zooming and sliding. Always the same provider, so that a change of the
 * setting does not rebuild the page beneath it.
 */
export function ReducedMotion({ children }: { children: ReactNode }) {
  const reduce = useMediaQuery('(prefers-reduced-motion: reduce)');
  return <MotionProvider motion={!reduce}>{children}</MotionProvider>;
}
