import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';

/** A rental as its calls read it (a link of kind `rent`), with its product's service code. */
export interface Rental {
  id: number;
  user_id: number;
  goods_id: number;
  order_id: number;
  identifier: string;
  state: string;
  expires_at: number;
  create_at: number;
  received: number;
  stock_item_id: number | null;
  service: string;
}

/** This customer's rental (any customer's when `userId` is null: the sup), or undefined; read through `db` inside a transaction. */
export async function rentalOf(ctx: Ctx, userId: number | null, id: number, db: Kysely<DB> = ctx.db): Promise<Rental | undefined> {
  let q = db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .select([
      't.id',
      't.user_id',
      't.goods_id',
      't.order_id',
      't.identifier',
      't.state',
      't.expires_at',
      't.create_at',
      't.received',
      't.stock_item_id',
      'g.service',
    ])
    .where('t.id', '=', id)
    .where('t.kind', '=', 'rent');
  if (userId !== null) q = q.where('t.user_id', '=', userId);
  const r = await q.executeTakeFirst();
  return (
    r && {
      ...r,
      id: Number(r.id),
      user_id: Number(r.user_id),
      goods_id: Number(r.goods_id),
      order_id: Number(r.order_id),
      expires_at: Number(r.expires_at),
      create_at: Number(r.create_at),
      received: Number(r.received),
      stock_item_id: r.stock_item_id === null ? null : Number(r.stock_item_id),
    }
  );
}

export interface RentSms {
  id: number;
  sender: string | null;
  text: string;
  code: string | null;
  received_at: number;
}

/** A rental's SMS, newest first (every one it received: codes or not), and how many there are. */
export async function rentalSms(
  ctx: Ctx,
  tokenId: number,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: RentSms[] }> {
  const [count, rows] = await Promise.all([
    ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('messages')
      .select(['id', 'sender', 'text', 'code', 'received_at'])
      .where('token_id', '=', tokenId)
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({ id: Number(r.id), sender: r.sender, text: r.text, code: r.code, received_at: Number(r.received_at) })),
  };
}
