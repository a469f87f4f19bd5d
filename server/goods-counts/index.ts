import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { foldMovesJob } from './fold.js';

/**
 * A product's counts of units sold and items in stock, off the path of a sale: a sale writes a move
 * (`goods_moves`) instead of updating its product's row, a job adds the moves to `goods` every second,
 * and whoever shows the counts reads them with the moves not added yet.
 */
export const goodsCounts: Area<ResourceName> = {
  jobs: [foldMovesJob],
};
export { foldMoves } from './fold.js';
export { liveSold, liveStock, pendingMoves, recordMove, recordSale, saleMove, type Move } from './moves.js';
