import { useSyncExternalStore } from 'react';

/**
 * The stored user type, re-read on every change. The app tells the framework where that lives;
 * the framework only needs a string it can hand to the declaration's rules.
 */
let source: { get(): string | null; subscribe(listener: () => void): () => void } = {
  get: () => null,
  subscribe: () => () => undefined,
};

export function setRoleSource(next: typeof source): void {
  source = next;
}

export function useRole(): string | null {
  return useSyncExternalStore(source.subscribe, source.get);
}
