import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { createElement } from 'react';
import { whenNetworkQuiet } from './network-quiet';
import { registry } from './registry';

const StyleWarmup = lazy(() => import('./list/StyleWarmup'));

/** The generated screens' code and their row actions' (see ScreenWarmup for when). */
export function preloadScreens(): void {
  void import('./list/ListPage');
  void import('./form/FormPage');
  void import('./show/ShowPage');
  void registry.preloadRowActions();
}

/**
 * Mounted once by the shell: once the screen on view has its data and the network has gone quiet
 * (its dozens of requests would otherwise queue ahead of that data), fetches the generated screens'
 * code and draws their antd parts out of sight (so antd has built their styles, and keeps them), so
 * the first list opened from the menu only has its own rows to draw.
 */
export function ScreenWarmup() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    whenNetworkQuiet(() => {
      preloadScreens();
      // A transition: a tap arriving meanwhile is drawn first, the warm-up's drawing waits.
      if (mounted) startTransition(() => setReady(true));
    });
    return () => {
      mounted = false;
    };
  }, []);
  if (!ready) return null;
  return createElement(Suspense, { fallback: null }, createElement(StyleWarmup));
}
