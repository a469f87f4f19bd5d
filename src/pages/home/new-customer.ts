import type { Statistics } from './use-statistics';

/** A customer who has bought nothing yet (no link, no order, even one refunded since): figures would all be zero. */
export function isNewCustomer(stats: Statistics): boolean {
  return stats.tokenNum === 0 && stats.totalOrder === 0;
}
