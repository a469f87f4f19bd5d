/**
 * A page of an older build asks the server for code the new build no longer holds (a lazy screen's
 * chunk, its styles): the import fails. The cure is loading the page again, which brings the new
 * build. Reloaded at most once a minute per tab (sessionStorage), so code missing for another reason
 * does not reload the page over and over.
 */

const KEY = 'fw.chunk-reload-at';
const ONCE_PER_MS = 60_000;

let reported: unknown;
/** A reload is already on its way (React may report one failure more than once). */
let reloading = false;

/** Vite reports a failed dynamic import (or its styles) with this event: the error is remembered, and still thrown. */
export function watchChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    reported = (event as Event & { payload?: unknown }).payload;
  });
}

/** Whether an error is code that failed to load (each browser words it its own way). */
export function isChunkLoadError(error: unknown): boolean {
  if (error !== undefined && error === reported) return true;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk .* failed/i.test(
    text,
  );
}

/**
 * Reloads the page after `delayMs` (time to read why), unless this tab already did so within the
 * last minute: true when it will. Without session storage it never does (it could not stop a loop).
 */
export function reloadOnce(delayMs: number, now = Date.now()): boolean {
  if (reloading) return true;
  try {
    if (now - (Number(sessionStorage.getItem(KEY)) || 0) < ONCE_PER_MS) return false;
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reloading = true;
  setTimeout(() => window.location.reload(), delayMs);
  return true;
}
