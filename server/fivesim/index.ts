import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerFivesimRoutes } from './routes.js';

/** The 5sim API v1 (`/v1/`) over the same store, for customers' 5sim scripts. */
export const fivesim: Area<ResourceName> = {
  install: registerFivesimRoutes,
};
