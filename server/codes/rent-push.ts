import type { Statement } from '../platform/db/fast-write.js';

/**
 * The statement that queues a rental's SMS for its url, run in the delivery's transaction. The
 * rentals area registers it when installed: rentals stands above codes (a rental is bought through
 * sales), so codes does not import it.
 */
let queue: Statement | null = null;

export function registerRentPush(statement: Statement): void {
  queue = statement;
}

/** The registered statement, or null when no rentals area is installed (then no push is queued). */
export const rentPushQueue = (): Statement | null => queue;
