import { useEffect, useState } from 'react';

/**
 * When each row object was first drawn: a row's seconds were counted by the server at its answer, and
 * a refetch brings new row objects (with new seconds), so a row's countdown starts from its own.
 */
const seen = new WeakMap<object, number>();
export function firstSeen(record: object): number {
  let at = seen.get(record);
  if (at === undefined) {
    at = Date.now();
    seen.set(record, at);
  }
  return at;
}

/** Seconds left of `seconds` counted from `at` (a Date.now()), ticking each second until none is left; null stays null. */
export function useSecondsLeft(seconds: number | null, at: number): number | null {
  const [now, setNow] = useState(at);
  const left = seconds === null ? null : Math.max(0, seconds - Math.floor((Math.max(now, at) - at) / 1000));
  const running = left !== null && left > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return left;
}

/** `4:32`, `1:02:09`, `2天3小时`: a countdown as people read one. */
export function formatLeft(seconds: number): string {
  if (seconds >= 86_400) return `${Math.floor(seconds / 86_400)}天${Math.floor((seconds % 86_400) / 3600)}小时`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
