import type { Ctx } from '../platform/context.js';
import type { Pricing } from '../pricing/index.js';

/** One call of a customer whose key was checked. */
export interface UserCall {
  ctx: Ctx;
  userId: number;
  /** A guest's prices (the site's new customer's), instead of the user's. */
  pricing?: Pricing;
}

/** A guest call: the prices of a new customer of the site it came to (a reseller's, or the main site's). */
export interface GuestCall {
  ctx: Ctx;
  pricing: Pricing;
}
