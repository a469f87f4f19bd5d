import { useEffect, useRef, useState } from 'react';

/**
 * Refetches a list every `seconds` while the page is visible: nothing while the tab is hidden (a
 * background tab costs the server nothing), and once at once when it shows again if a turn was
 * missed. `quiet` is true while such a refetch runs, so the list keeps its rows without a spinner.
 */
export function useLive(seconds: number | undefined, refetch: () => Promise<unknown>): { quiet: boolean } {
  const [quiet, setQuiet] = useState(false);
  const latest = useRef(refetch);
  latest.current = refetch;

  useEffect(() => {
    if (!seconds || seconds <= 0) return undefined;
    let running = false;
    let missed = false;
    let gone = false;
    const tick = () => {
      if (document.hidden) {
        missed = true;
        return;
      }
      if (running) return;
      running = true;
      setQuiet(true);
      latest
        .current()
        .catch(() => undefined)
        .finally(() => {
          running = false;
          if (!gone) setQuiet(false);
        });
    };
    const timer = window.setInterval(tick, seconds * 1000);
    const onVisible = () => {
      if (!document.hidden && missed) {
        missed = false;
        tick();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      gone = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [seconds]);

  return { quiet };
}
