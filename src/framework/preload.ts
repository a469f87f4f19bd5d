import { lazy, Suspense, useEffect, useState } from 'react';
import { createElement } from 'react';
import { registry } from './registry';

const StyleWarmup = lazy(() => import('./list/StyleWarmup'));

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };

function whenIdle(fn: () => void): void {
  const idle = (window as IdleWindow).requestIdleCallback;
  if (idle) idle(fn, { timeout: 3000 });
  else setTimeout(fn, 1500);
}

/** The generated screens' code and their row actions', fetched while the browser is idle. */
export function preloadScreens(): void {
  whenIdle(() => {
    void import('./list/ListPage');
    void import('./form/FormPage');
    void import('./show/ShowPage');
    void registry.preloadRowActions();
  });
}

/**
 * Mounted once by the shell: when the browser is idle, fetches the generated screens' code and draws
 * their antd parts out of sight (so antd has built their styles, and keeps them), so the first list
 * opened from the menu only has its own rows to draw.
 */
export function ScreenWarmup() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    preloadScreens();
    whenIdle(() => setReady(true));
  }, []);
  if (!ready) return null;
  return createElement(Suspense, { fallback: null }, createElement(StyleWarmup));
}
