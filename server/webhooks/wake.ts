import type { Database } from '../platform/db/connection.js';

/**
 * Waking the delivery job when a code has queued an event, so a delivery starts at once instead of
 * at the job's next round. Each app on a database registers its waker (index.ts); a process that
 * does not hold the job's lease wakes to no effect, and the holder's next round takes the event.
 */
const wakers = new WeakMap<Database, Set<() => void>>();

export function onWake(database: Database, fn: () => void): () => void {
  let set = wakers.get(database);
  if (!set) wakers.set(database, (set = new Set()));
  set.add(fn);
  return () => set!.delete(fn);
}

export function wakeDeliveries(database: Database): void {
  for (const fn of wakers.get(database) ?? []) fn();
}
