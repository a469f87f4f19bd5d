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
