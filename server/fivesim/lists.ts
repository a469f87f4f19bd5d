import { sql } from 'kysely';
import { E, refuse, type Answer } from './answers.js';
import type { UserCall } from './call.js';
import { productNamer } from './names.js';
import { ORDER_COLUMNS, orderAnswer, orderId, ownOrder, smsList } from './order.js';

/** The orders list's page size when not asked, and the most a page holds. */
const PAGE = 15;
const PAGE_MAX = 100;

/** A whole-number query parameter, `fallback` when absent or malformed. */
function whole(raw: string | undefined, fallback: number): number {
  return raw !== undefined && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : fallback;
}

/**
 * user/orders?category&limit&offset&order&reverse: this customer's SMS activations by id (`reverse=true`
 * newest first), `{ Data, ProductNames, Statuses, Total }`. Hosting orders we do not sell: none.
 */
export async function orders({ ctx, userId }: UserCall, q: Record<string, string | undefined>): Promise<Answer> {
  const category = (q.category ?? 'activation').toLowerCase();
  const limit = Math.min(PAGE_MAX, Math.max(1, whole(q.limit, PAGE)));
  const offset = whole(q.offset, 0);
  const newestFirst = (q.reverse ?? '').toLowerCase() === 'true';
  if (category !== 'activation') return { Data: [], ProductNames: [], Statuses: [], Total: 0 };
  const base = ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .where('t.user_id', '=', userId)
    .where('t.kind', '=', 'code')
    .where('g.channel', '=', 'sms');
  const [rows, total] = await Promise.all([
    base
      .innerJoin('orders as o', 'o.id', 't.order_id')
      .leftJoin('fivesim_bans as b', 'b.token_id', 't.id')
      .select(ORDER_COLUMNS)
      .orderBy('t.id', newestFirst ? 'desc' : 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const named = await productNamer(ctx);
  const data = [];
  for (const row of rows) data.push(await orderAnswer(ctx, row, named));
  return { Data: data, ProductNames: [], Statuses: [], Total: Number(total.n) };
}

/** sms/inbox/{id}: the SMS of one order, `{ Data, Total }`. */
export async function inbox({ ctx, userId }: UserCall, raw: string): Promise<Answer> {
  const row = await ownOrder(ctx, userId, orderId(raw));
  if (!row) return refuse(E.ORDER_NOT_FOUND);
  const sms = await smsList(ctx, row);
  return { Data: sms, Total: sms.length };
}
