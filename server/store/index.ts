import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerStorePage } from './page.js';
import { registerStoreRoutes } from './routes.js';

/** The shop window: products on sale at the caller's prices, and the pre-drawn /store page. */
export const store: Area<ResourceName> = {
  install: registerStoreRoutes,
  withConsole: registerStorePage,
};
export { supServiceNames, type SupServiceName } from './service-names.js';
