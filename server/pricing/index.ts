import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { discountHooks } from './discount-hooks.js';
import { groupHooks } from './group-hooks.js';

/** What a user pays: groups (rates) and discounts; the price itself is pricing/price.ts. */
export const pricing: Area<ResourceName> = {
  hooks: { groups: groupHooks, discounts: discountHooks },
};
