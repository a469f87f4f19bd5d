import { sql } from 'kysely';
import type { Ctx } from '../platform/context.js';
import { prepared } from '../platform/db/fast-query.js';
import { effectiveState } from '../links/index.js';
import { dollars, isoTime } from './answers.js';
import { countryName, productNamer } from './names.js';

/** What an order is read with (tokens t, goods g, orders o, fivesim_bans b), by id or as a page of the list. */
export const ORDER_COLUMNS = [
  't.id',
  't.user_id',
  't.identifier',
  't.state',
  't.expires_at',
  't.code_count',
  't.create_at',
  'g.service',
  'g.country',
  'g.channel',
  'o.unit_price',
  'b.token_id as banned',
] as const;

/**
 * One activation as 5sim's order: the link (never a rental), its product, its price and whether it
 * was banned. One prepared read by primary key: check is polled about once a second per order.
 */
const orderById = prepared((db) =>
  db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .leftJoin('fivesim_bans as b', 'b.token_id', 't.id')
    .select(ORDER_COLUMNS)
    .where('t.id', '=', 0)
    .where('t.kind', '=', sql.lit('code')),
);
// Parameters: the link's id.
const smsOf = prepared((db) =>
  db.selectFrom('code_records').select(['code', 'text', 'sender', 'create_at']).where('token_id', '=', 0).orderBy('id'),
);

export type OrderRow = Awaited<ReturnType<typeof orderById>>[number];

export type Status = 'PENDING' | 'RECEIVED' | 'CANCELED' | 'TIMEOUT' | 'FINISHED' | 'BANNED';

export interface Sms {
  created_at: string;
  date: string;
  sender: string;
  text: string;
  code: string;
}

/** An order id as a client can have it: a positive integer below 2^31 (ids are links' ids). */
export function orderId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id < 2 ** 31 ? id : null;
}

/** This customer's SMS activation with that id, or null (someone else's, a rental, a mailbox, none). */
export async function ownOrder(ctx: Ctx, userId: number, id: number | null): Promise<OrderRow | null> {
  if (id === null) return null;
  const [row] = await orderById(ctx.database, [id]);
  return row && Number(row.user_id) === userId && row.channel === 'sms' ? row : null;
}

/**
 * 5sim's status of a link: RECEIVED while it is the customer's (after its SMS came too, and when it
 * takes no more: until it is finished), PENDING while an upstream purchase has no number yet,
 * FINISHED once it ended with a code (finished, or timed out after one), TIMEOUT when it ran out without one, CANCELED
 * when refunded or revoked, BANNED when the customer banned it.
 */
export function statusOf(row: Pick<OrderRow, 'state' | 'expires_at' | 'code_count' | 'identifier' | 'banned'>, now: number): Status {
  if (row.banned !== null) return 'BANNED';
  const state = effectiveState(row.state, Number(row.expires_at), now);
  if (state === 'refunded' || state === 'revoked') return 'CANCELED';
  if (state === 'finished') return 'FINISHED';
  if (state === 'expired') return Number(row.code_count) > 0 ? 'FINISHED' : 'TIMEOUT';
  return /\d/.test(row.identifier) ? 'RECEIVED' : 'PENDING';
}

/** The SMS an order received, oldest first, as 5sim lists them. */
export async function smsList(ctx: Ctx, row: Pick<OrderRow, 'id' | 'code_count'>): Promise<Sms[]> {
  if (!Number(row.code_count)) return [];
  const records = await smsOf(ctx.database, [Number(row.id)]);
  return records.map((r) => {
    const at = isoTime(Number(r.create_at));
    return { created_at: at, date: at, sender: r.sender ?? '', text: r.text, code: r.code };
  });
}

/** A link as 5sim's order object (`phone` with its +, `price` in dollars, `sms` null before any). */
export async function orderAnswer(ctx: Ctx, row: OrderRow, named?: (service: string) => string) {
  const product = (named ?? (await productNamer(ctx)))(row.service);
  const sms = await smsList(ctx, row);
  const digits = row.identifier.replace(/\D/g, '');
  return {
    id: Number(row.id),
    phone: digits ? `+${digits}` : '',
    operator: 'any',
    product,
    price: dollars(Number(row.unit_price)),
    status: statusOf(row, ctx.now()),
    expires: isoTime(Number(row.expires_at)),
    sms: sms.length ? sms : null,
    created_at: isoTime(Number(row.create_at)),
    forwarding: false,
    forwarding_number: '',
    country: countryName(Number(row.country)),
  };
}

/** The order read again after a change (it is the caller's: it was a moment ago). */
export async function orderNow(ctx: Ctx, userId: number, id: number) {
  const row = await ownOrder(ctx, userId, id);
  if (!row) throw new Error(`order ${id} vanished`);
  return orderAnswer(ctx, row);
}
