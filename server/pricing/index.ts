import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { discountHooks } from './discount-hooks.js';
import { groupHooks } from './group-hooks.js';

/** What a user pays: groups (rates) and discounts, a reseller's customers' prices; the price itself is pricing/price.ts. */
export const pricing: Area<ResourceName> = {
  hooks: { groups: groupHooks, discounts: discountHooks },
};
export { defaultGroupId, groupForUser } from './default-group.js';
export {
  priceOf,
  userPricing,
  defaultPricing,
  resellerPricing,
  resellerOf,
  resoldFlat,
  type Pricing,
  type ResellerTerms,
} from './lookup.js';
export { markedUp } from './price.js';
