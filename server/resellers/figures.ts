import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { toDollars } from '../platform/lib/money.js';

/** A reseller's figures as 分站管理 and 我的分站 show them (dollars). */
export interface ResellerFigures {
  customers: number;
  /** What its customers spent, net of refunds. */
  sales: number;
  profit_pending: number;
  /** Credited to its balance, less what refunds took back since. */
  profit_settled: number;
  /** Taken back by refunds (before or after settling). */
  profit_reversed: number;
}

/** The figures of each reseller named (by user id), three grouped reads however many. */
export async function resellerFigures(db: Kysely<DB>, resellerIds: number[]): Promise<Map<number, ResellerFigures>> {
  const out = new Map<number, ResellerFigures>();
  if (!resellerIds.length) return out;
  const [customers, sales, profits] = await Promise.all([
    db
      .selectFrom('users')
      .select(['reseller_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('reseller_id', 'in', resellerIds)
      .groupBy('reseller_id')
      .execute(),
    db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['u.reseller_id', (eb) => eb.fn.sum<number>(eb('o.amount', '-', eb.ref('o.refunded'))).as('n')])
      .where('u.reseller_id', 'in', resellerIds)
      .groupBy('u.reseller_id')
      .execute(),
    db
      .selectFrom('profits')
      .select([
        'user_id',
        (eb) =>
          eb.fn
            .sum<number>(
              eb
                .case()
                .when('state', '=', 'pending')
                .then(eb('amount', '-', eb.ref('reversed')))
                .else(0)
                .end(),
            )
            .as('pending'),
        (eb) =>
          eb.fn
            .sum<number>(
              eb
                .case()
                .when('settled_at', 'is not', null)
                .then(eb('amount', '-', eb.ref('reversed')))
                .else(0)
                .end(),
            )
            .as('settled'),
        (eb) => eb.fn.sum<number>('reversed').as('reversed'),
      ])
      .where('user_id', 'in', resellerIds)
      .groupBy('user_id')
      .execute(),
  ]);
  for (const id of resellerIds) out.set(id, { customers: 0, sales: 0, profit_pending: 0, profit_settled: 0, profit_reversed: 0 });
  for (const c of customers) out.get(Number(c.reseller_id))!.customers = Number(c.n);
  for (const s of sales) out.get(Number(s.reseller_id))!.sales = toDollars(Number(s.n ?? 0));
  for (const p of profits) {
    const f = out.get(Number(p.user_id))!;
    f.profit_pending = toDollars(Number(p.pending ?? 0));
    f.profit_settled = toDollars(Number(p.settled ?? 0));
    f.profit_reversed = toDollars(Number(p.reversed ?? 0));
  }
  return out;
}

/**
 * What each of a reseller's customers named earned it (dollars): `profit`, pending or settled, less
 * what refunds took back, and `profit_reversed`, what they took back. One grouped read over the
 * reseller's own profits.
 */
export async function customerProfits(
  db: Kysely<DB>,
  resellerId: number,
  customerIds: number[],
): Promise<Map<number, { profit: number; profit_reversed: number }>> {
  if (!customerIds.length) return new Map();
  const rows = await db
    .selectFrom('profits')
    .select([
      'buyer_id',
      (eb) => eb.fn.sum<number>(eb('amount', '-', eb.ref('reversed'))).as('kept'),
      (eb) => eb.fn.sum<number>('reversed').as('reversed'),
    ])
    .where('user_id', '=', resellerId)
    .where('buyer_id', 'in', customerIds)
    .groupBy('buyer_id')
    .execute();
  return new Map(
    rows.map((r) => [Number(r.buyer_id), { profit: toDollars(Number(r.kept ?? 0)), profit_reversed: toDollars(Number(r.reversed ?? 0)) }]),
  );
}
