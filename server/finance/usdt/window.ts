/**
 * When a transfer can pay an order, and so when the order's amount may go to another one. A transfer
 * pays the order whose window holds its block time: from the order's creation − SKEW_MS to its expiry,
 * or to its cancelling (docs/usdt-trongrid.md#matching-rules).
 */

/** A payment may carry a block time this much before its order was made (clocks differ a little). */
export const SKEW_MS = 30_000;

/**
 * Until when a cancelled order's amount stays held. No payment made after the cancel can pay the
 * cancelled order, so only windows matter: an order made after this moment has a window that begins
 * after the cancel, and no block time lies in both. A payment sent before the cancel goes to the
 * cancelled order however late the watcher reads it; one sent for the new order goes to the new one.
 */
export function cancelledHoldUntil(cancelledAt: number): number {
  return cancelledAt + SKEW_MS + 1;
}
