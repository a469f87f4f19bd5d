/**
 * Where a visitor wanted to go before logging in (a deep link opened without a session, or a page
 * whose session ran out): the guard still sends them to /store or /login first, and logging in
 * brings them back (docs/console-rules.md, "Route guard"). Kept for this tab only.
 */
const KEY = 'wanted_path';
const OPEN = /^\/(login|register|store|refresh)?(?:[/?#]|$)/;

export function rememberWantedPath(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//') || OPEN.test(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    /* no storage: login goes home */
  }
}

/** The remembered path (forgotten as it is read), or null. */
export function takeWantedPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export function forgetWantedPath(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}
