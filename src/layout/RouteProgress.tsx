import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import './progress.css';

/**
 * A thin bar at the top while a screen opens. CSS animations of a transform only: starting, moving
 * and ending it never makes the browser lay the page out (a progress library that measures its bar
 * did, in the middle of drawing the screen being opened).
 */
let bar: HTMLDivElement | null = null;
let waiting = 0;

function start(): void {
  bar?.remove();
  bar = document.createElement('div');
  bar.className = 'route-progress running';
  bar.setAttribute('role', 'progressbar');
  document.body.appendChild(bar);
}

function done(): void {
  if (!bar) return;
  const ending = bar;
  bar = null;
  ending.className = 'route-progress done';
  ending.addEventListener('animationend', () => ending.remove(), { once: true });
  setTimeout(() => ending.remove(), 1000);
}

/** Whether navigating to `pathname` shows the bar: not for /refresh, which only bounces back to the page it reloads. */
export function showsProgress(pathname: string): boolean {
  return pathname !== '/refresh';
}

/** Rendered as the shell's Suspense fallback: keeps the bar running while a screen's code loads. */
export function ProgressFallback() {
  useLayoutEffect(() => {
    waiting += 1;
    if (!bar) start();
    return () => {
      waiting -= 1;
      if (waiting === 0) done();
    };
  }, []);
  return null;
}

/** A bar on every navigation inside the shell. */
export default function RouteProgress() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!showsProgress(pathname)) return;
    start();
    const timer = window.setTimeout(() => {
      if (waiting === 0) done();
    }, 180);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  useEffect(
    () => () => {
      done();
    },
    [],
  );
  return null;
}
