import type { Database } from '../platform/db/connection.js';
import { JobWake } from '../platform/jobs/wake.js';

/** The least time between two rounds a code's wake starts (each round writes the job's lease). */
const WAKE_GAP_MS = 25;

/**
 * Waking the delivery job when a code has queued an event, so a delivery starts at once instead of
 * at the job's next round. Each app on a database starts its wake (index.ts); a process that does
 * not hold the job's lease wakes to no effect, and the holder's next round takes the event.
 */
export const deliveryWake = new JobWake(WAKE_GAP_MS);

export function wakeDeliveries(database: Database): void {
  deliveryWake.wake(database);
}
