import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { redactApiKeys } from './redact.js';
import { registerActivationRoutes } from './routes.js';
import { serviceNameHooks } from './service-name-hooks.js';

/** SMS-Activate's handler_api.php, served to customers' scripts, and the service names its lists give. */
export const smsActivate: Area<ResourceName> = {
  install: registerActivationRoutes,
  maskUrl: redactApiKeys,
  hooks: { services: serviceNameHooks },
};

// What the 5sim API (server/fivesim) shares with this protocol: the offers, the country names, and
// setStatus's decisions on finishing and cancelling an activation.
export { mayHaveNumbers, offersFor, type Offer } from './offers.js';
export { countryNames } from './names.js';
export { setStatus } from './set-status.js';
export type { Call } from './params.js';
export { W } from './words.js';
