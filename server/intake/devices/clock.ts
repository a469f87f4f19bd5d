/**
 * A device's zone offset is learned from its messages (server/intake/smsforwarder/request.ts reads
 * one per message). The first reading is taken; a different one replaces a learned offset only when
 * two messages in a row show it, so one SMS that waited offline for a whole number of quarter hours
 * does not move the device's clock.
 */
const lastReading = new Map<number, number>();

/** The offset to store now, or undefined to keep the stored one. */
export function learnedOffset(deviceId: number, stored: number | null, observed: number | null): number | undefined {
  if (observed === null) return undefined;
  if (observed === stored) {
    lastReading.delete(deviceId);
    return undefined;
  }
  if (stored === null) return observed;
  const previous = lastReading.get(deviceId);
  lastReading.set(deviceId, observed);
  return previous === observed ? observed : undefined;
}
