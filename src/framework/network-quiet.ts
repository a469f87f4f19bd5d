/**
 * When the page's network has gone quiet: no call under way that the app reported (`callStarted`),
 * and nothing (call, script, style, image) finished loading for a while. Work fetched ahead of need
 * waits for it, so it never competes with what the screen on view is waiting for: a browser opens at
 * most 6 connections to a server, and a slow phone's bandwidth is shared by all of them.
 */

let pending = 0;
/** Calls started since the page loaded. */
let started = 0;
/** The latest moment (performance.now()) a call started or ended, or a resource finished loading. */
let lastActivity = 0;

function touch(at = performance.now()): void {
  lastActivity = Math.max(lastActivity, at);
}

/** Reports a call to the server; the returned function reports its end (once, however often called). */
export function callStarted(): () => void {
  pending += 1;
  started += 1;
  touch();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    touch();
  };
}

type WithIdle = typeof globalThis & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };

/** requestIdleCallback where the browser has it (Safari has not). */
function whenIdle(fn: () => void): void {
  const idle = (globalThis as WithIdle).requestIdleCallback;
  if (idle) idle(fn, { timeout: 3000 });
  else setTimeout(fn, 0);
}

/**
 * Runs `fn` at the first idle moment after `quietMs` without any network activity (see above), once a
 * call has been made since (the screen on view asking for its data; its code may still be loading
 * until then), or after three times as long without one (a screen that asks for nothing). The check is
 * made again once idle: a screen may have started a call in between.
 */
export function whenNetworkQuiet(fn: () => void, quietMs = 1000): void {
  const callsBefore = started;
  const loaded = (entries: PerformanceEntry[]) => {
    for (const e of entries) touch((e as PerformanceResourceTiming).responseEnd);
  };
  loaded(performance.getEntriesByType?.('resource') ?? []);
  // Entries arrive in batches, some time after the load ended: their own end time is what counts.
  const observer = typeof PerformanceObserver === 'undefined' ? null : new PerformanceObserver((list) => loaded(list.getEntries()));
  try {
    observer?.observe({ type: 'resource' });
  } catch {
    /* no resource timing here: the reported calls alone decide */
  }
  const begun = performance.now();
  // Without a call, quiet is counted from the wait's start: the network may have been silent before.
  const quietFor = () => (pending ? 0 : performance.now() - (started > callsBefore ? lastActivity : Math.max(lastActivity, begun)));
  const needed = () => (started > callsBefore ? quietMs : 3 * quietMs);
  const check = () => {
    if (quietFor() < needed()) {
      setTimeout(check, needed() - quietFor());
      return;
    }
    whenIdle(() => {
      if (quietFor() < needed()) {
        check();
        return;
      }
      observer?.disconnect();
      fn();
    });
  };
  check();
}
