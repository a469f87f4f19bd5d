import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { CLOSED } from './states.js';

const DAY = 86_400_000;
/** A link can still be renewed this long after it expired. */
export const RENEW_GRACE_MS = DAY;
export const MAX_RENEW_DAYS = 365;

/**
 * Those of the links whose number was taken back: their stock item is gone, back on sale or held by
 * another link (one query). A link without a stock item (an upstream one) has none to lose.
 */
export async function numbersTakenBack(db: Kysely<DB>, links: Array<{ id: number; stock_item_id: number | null }>): Promise<Set<number>> {
  const held = links.filter((l) => l.stock_item_id !== null);
  if (!held.length) return new Set();
  const items = await db
    .selectFrom('stock_items')
    .select(['id', 'token_id'])
    .where('id', 'in', [...new Set(held.map((l) => Number(l.stock_item_id)))])
    .execute();
  const holder = new Map(items.map((i) => [Number(i.id), i.token_id === null ? null : Number(i.token_id)]));
  return new Set(held.filter((l) => holder.get(Number(l.stock_item_id)) !== Number(l.id)).map((l) => Number(l.id)));
}

/** Whether a link may be offered for renewal (its number may still have been taken back: numbersTakenBack). */
export function renewable(state: string, expiresAt: number, renewPrice: number, now: number): boolean {
  return renewPrice > 0 && !(CLOSED as readonly string[]).includes(state) && now <= expiresAt + RENEW_GRACE_MS;
}
