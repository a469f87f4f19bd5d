import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerStatsRoutes } from './routes.js';

/** The home screen's figures, rolled up over the append-only tables. */
export const stats: Area<ResourceName> = {
  install: registerStatsRoutes,
};
export { deepStart } from './deep-pages.js';
export { orderSums, profitSums, rechargeSums, userFigures } from './figures.js';
