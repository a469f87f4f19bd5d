import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { statement } from '../platform/db/fast-query.js';
import { saleMove } from '../goods-counts/index.js';
import { balanceMove, ledgerOfMove } from '../finance/index.js';
import type { StockClaim, StockPick } from './acquire.js';

/** What a purchase from stock writes: its order's columns, the debit's ledger row, and what every one of its links shares. */
export interface ClaimValues {
  /** The order number's first part (the time); its id follows. */
  prefix: string;
  user: number;
  goods: number;
  quantity: number;
  basePrice: number;
  unitPrice: number;
  rate: number | null;
  /** Cents the order costs (debited). */
  amount: number;
  /** The ledger row's remark. */
  remark: string;
  now: number;
  /** One new link token per unit. */
  tokens: string[];
  expiresAt: number;
  receiveLimit: number;
  resetLimit: number;
  refundAt: number | null;
  kind: 'code' | 'rent';
  rentUrl: string | null;
}

/** A purchase made, or why none was: too few items found, the product off sale, or the balance not moved (too low). */
export type Claimed =
  | {
      order: number;
      orderNo: string;
      before: number;
      after: number;
      links: { id: number; token: string; identifier: string; stock_item_id: number; expires_at: number }[];
    }
  | { order: null; found: number; onSale: boolean };

/**
 * PostgreSQL: a purchase from stock as one statement, one round trip, all of it written or none: the
 * items the source's pick takes (the oldest available, locked, those other purchases hold skipped);
 * then, only if there were enough and the product is on sale, the conditional debit of the buyer's
 * balance with its ledger row (finance's balanceMove and ledgerOfMove); then, only if the balance
 * moved, the order (its number made from its id), one link per item, the items sold to their links,
 * and the move of the product's counts (goods-counts' saleMove). Run alone it is a transaction of its
 * own; a purchase that writes more (a reseller's profit, the staff audit row) runs it in its transaction.
 */
export async function claimFromStock(db: Kysely<DB>, claim: StockClaim, v: ClaimValues): Promise<Claimed> {
  let run = statements.get(claim.pick);
  if (!run) statements.set(claim.pick, (run = claimStatement(claim.pick)));
  const debit = { user: v.user, type: 'order', amount: -v.amount, refType: 'order', remark: v.remark, now: v.now };
  const values = {
    ...claim.values,
    ...v,
    sold: v.quantity,
    stock: -v.quantity,
    ...Object.fromEntries(Object.entries(debit).map(([k, x]) => [`debit.${k}`, x])),
  };
  const { rows } = await run(db, values, v.quantity);
  const [first] = rows;
  if (first.order_id === null) return { order: null, found: Number(first.found), onSale: Boolean(first.on_sale) };
  return {
    order: Number(first.order_id),
    orderNo: first.order_no!,
    before: Number(first.balance_before),
    after: Number(first.balance_after),
    links: rows.map((r) => ({
      id: Number(r.id),
      token: r.token!,
      identifier: r.identifier!,
      stock_item_id: Number(r.stock_item_id),
      expires_at: Number(r.expires_at),
    })),
  };
}

type Row = {
  order_id: number | null;
  order_no: string | null;
  balance_before: number | null;
  balance_after: number | null;
  id: number | null;
  token: string | null;
  identifier: string | null;
  stock_item_id: number | null;
  expires_at: number | null;
  found: number;
  on_sale: boolean;
};

const statements = new Map<StockPick, ReturnType<typeof claimStatement>>();

const claimStatement = (pick: StockPick) =>
  statement((db, value, quantity) => {
    // The debit's values are its own (`debit.amount` is the order's amount, negative).
    const debit = (name: string) => value(`debit.${name}`);
    const ready = sql<boolean>`(SELECT ok FROM ready)`;
    return {
      compile: () =>
        sql<Row>`WITH picked AS MATERIALIZED (${pick(db, value, quantity).forUpdate().skipLocked()}),
        ready AS (
          SELECT (SELECT count(*) FROM picked) = ${value('quantity')}
            AND EXISTS (SELECT 1 FROM goods WHERE id = ${value('goods')} AND on_sale = 1) AS ok
        ),
        moved AS (${balanceMove(db, debit, { when: ready })}),
        o AS (
          INSERT INTO orders (id, order_no, user_id, goods_id, token_id, type, quantity, base_price, unit_price, rate, amount, refunded, state, create_at)
          SELECT n.id, ${value('prefix')} || lpad(n.id::text, greatest(6, length(n.id::text)), '0'), ${value('user')}, ${value('goods')},
            NULL, 'buy', ${value('quantity')}, ${value('basePrice')}, ${value('unitPrice')}, ${value('rate')}, ${value('amount')}, 0, 'paid', ${value('now')}
          FROM moved CROSS JOIN LATERAL (SELECT nextval('orders_id_seq') AS id) n
          RETURNING id, order_no
        ),
        ledger AS (${ledgerOfMove(db, debit, 'moved', sql`(SELECT id FROM o)`)}),
        numbered AS (SELECT p.id, p.identifier, p.ident_key, row_number() OVER (ORDER BY p.id) AS n FROM picked p),
        links AS (
          INSERT INTO tokens (token, user_id, goods_id, order_id, stock_item_id, identifier, ident_key, state, armed_at, expires_at,
            receive_limit, reset_limit, refund_at, create_at, upstream_provider_id, upstream_state, upstream_resets, upstream_at, kind, rent_url)
          SELECT (${value('tokens')}::text[])[numbered.n], ${value('user')}, ${value('goods')}, o.id, numbered.id, numbered.identifier,
            numbered.ident_key, 'active', ${value('now')}, ${value('expiresAt')}, ${value('receiveLimit')}, ${value('resetLimit')},
            ${value('refundAt')}, ${value('now')}, NULL, NULL, NULL, NULL, ${value('kind')}, ${value('rentUrl')}
          FROM numbered CROSS JOIN o
          RETURNING id, token, identifier, stock_item_id, expires_at
        ),
        sold AS (
          UPDATE stock_items SET state = 'sold', token_id = links.id, update_at = ${value('now')}
          FROM links WHERE stock_items.id = links.stock_item_id
        ),
        counted AS (${saleMove(db, value, sql<boolean>`EXISTS (SELECT 1 FROM o)`)})
        SELECT o.id AS order_id, o.order_no, ledger.balance_before, ledger.balance_after, links.id, links.token, links.identifier,
          links.stock_item_id, links.expires_at, (SELECT count(*) FROM picked) AS found,
          EXISTS (SELECT 1 FROM goods WHERE id = ${value('goods')} AND on_sale = 1) AS on_sale
        FROM (SELECT 1) AS one LEFT JOIN o ON true LEFT JOIN ledger ON true LEFT JOIN links ON true`.compile(db),
    };
  });
