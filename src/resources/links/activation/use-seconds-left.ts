import { useEffect, useState } from 'react';

/** Seconds left of a span the server counted (`seconds` at `at`, a Date.now()), ticking each second; null stays null. */
export function useSecondsLeft(seconds: number | null | undefined, at: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  const running = seconds !== null && seconds !== undefined && seconds > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (seconds === null || seconds === undefined) return null;
  return Math.max(0, seconds - Math.floor((now - at) / 1000));
}

/** `12:05`, `1:02:09`, `2天3小时`: a countdown as people read one. */
export function formatLeft(seconds: number): string {
  if (seconds >= 86_400) return `${Math.floor(seconds / 86_400)}天${Math.floor((seconds % 86_400) / 3600)}小时`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
