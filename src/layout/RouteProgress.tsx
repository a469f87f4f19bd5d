import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import './progress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120 });

/** Whether navigating to `pathname` shows the bar (SPEC.md 2: not for /refresh). */
export function showsProgress(pathname: string): boolean {
  return pathname !== '/refresh';
}

let waiting = 0;

/** Rendered as the shell's Suspense fallback: keeps the bar running while a screen's code loads. */
export function ProgressFallback() {
  useLayoutEffect(() => {
    waiting += 1;
    NProgress.start();
    return () => {
      waiting -= 1;
      if (waiting === 0) NProgress.done();
    };
  }, []);
  return null;
}

/** A thin bar at the top on every navigation inside the shell. */
export default function RouteProgress() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!showsProgress(pathname)) return;
    NProgress.start();
    const timer = window.setTimeout(() => { if (waiting === 0) NProgress.done(); }, 180);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  useEffect(() => () => { NProgress.done(); }, []);
  return null;
}
