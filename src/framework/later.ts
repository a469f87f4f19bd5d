import { useSyncExternalStore } from 'react';
import { whenNetworkQuiet } from './network-quiet';

/**
 * Code a screen's first paint does not need (a menu in a drawer, a dropdown's list, a select's
 * options): on a slow phone its bytes would share the network with the code and data the screen
 * waits for. It is fetched once the page's network has gone quiet, or at once when the person
 * reaches for it (`load()`).
 */
export interface Later<T> {
  /** Fetches it now (once): the person is reaching for it. */
  load(): Promise<T>;
  /** The loaded module, or undefined until it has arrived (re-renders then); asks for it once the network is quiet. */
  use(): T | undefined;
  /** Asks for it once the network is quiet, outside React. */
  soon(): void;
}

let quiet = false;
const waiting: Array<() => void> = [];

/** Runs `fn` once the page's network has first gone quiet (at once after that). */
function whenQuiet(fn: () => void): void {
  if (quiet) return fn();
  waiting.push(fn);
  if (waiting.length > 1) return;
  whenNetworkQuiet(() => {
    quiet = true;
    for (const f of waiting.splice(0)) f();
  });
}

export function later<T>(importer: () => Promise<T>): Later<T> {
  let value: T | undefined;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const load = () =>
    (pending ??= importer().then(
      (loaded) => {
        value = loaded;
        for (const listener of listeners) listener();
        return loaded;
      },
      (error: unknown) => {
        pending = null; // a later reach tries again
        throw error;
      },
    ));
  // A failure is left to the reach that needs it (vite reports it, src/framework/chunk-reload.ts).
  const soon = () =>
    whenQuiet(() => {
      load().catch(() => undefined);
    });
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    soon();
    return () => {
      listeners.delete(listener);
    };
  };
  const snapshot = () => value;
  return { load, soon, use: () => useSyncExternalStore(subscribe, snapshot, () => undefined) };
}
