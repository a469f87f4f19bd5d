import { PostgresAdapter, sql, type Expression, type Kysely, type QueryCreator, type SqlBool } from 'kysely';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { statement } from '../platform/db/fast-query.js';

/**
 * `debit_manual`: a sup's manual debit (a negative manual recharge). `profit`: a reseller's profit
 * credited (or a settled one a refund took back); `transfer`: money a reseller moved to one of its
 * customers (one row on each side).
 */
export type LedgerType = 'recharge_auto' | 'recharge_manual' | 'debit_manual' | 'order' | 'refund' | 'profit' | 'transfer';

export interface BalanceChange {
  userId: number;
  /** Signed cents. */
  amount: number;
  type: LedgerType;
  refType?: string;
  refId?: number;
  remark?: string | null;
  now: number;
  /** The debit is taken even below zero (a settled profit a refund takes back); every other debit needs the balance. */
  mayGoNegative?: boolean;
}

/**
 * Moves a balance and writes its ledger row; call it inside the transaction that does the rest of
 * the operation. The debit is conditional (`balance + amount >= 0`), so concurrent calls can never
 * take a balance below zero, and before/after come from the row the update returned.
 */
export async function changeBalance(trx: Kysely<DB>, c: BalanceChange): Promise<{ before: number; after: number }> {
  const row = {
    user: c.userId,
    type: c.type,
    amount: c.amount,
    refType: c.refType ?? null,
    refId: c.refId ?? null,
    remark: c.remark ?? null,
    now: c.now,
  };
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // One statement, one round trip: the ledger row is written from the row the update returned.
    const [written] = (await (c.mayGoNegative ? moveAnywayAndRecord : moveAndRecord)(trx, row)).rows;
    if (!written) return refused(trx, c.userId);
    return { before: Number(written.balance_before), after: Number(written.balance_after) };
  }
  const [updated] = (await (c.mayGoNegative ? moveAnyway : move)(trx, { user: c.userId, amount: c.amount })).rows;
  if (!updated) return refused(trx, c.userId);
  const after = Number(updated.balance);
  const before = after - c.amount;
  await record(trx, { ...row, before, after });
  return { before, after };
}

/** Why the balance did not move: no such user, or too little money. */
export async function refused(trx: Kysely<DB>, userId: number): Promise<never> {
  const exists = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!exists) throw fail.notFound('用户不存在');
  throw fail.balanceLow('余额不足');
}

// Compiled once: every purchase runs them.
const move = statement((db, value) =>
  db
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', value('amount')) }))
    .where('id', '=', value('user'))
    .where((eb) => eb(eb('balance', '+', value('amount')), '>=', 0))
    .returning('balance'),
);
const moveAnyway = statement((db, value) =>
  db
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', value('amount')) }))
    .where('id', '=', value('user'))
    .returning('balance'),
);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- statement()'s value() marker, which stands in for a value of any column's type
type Value = (name: string) => any;

/**
 * PostgreSQL, part of a statement: the balance moved by `amount` (values `user`, `amount`) unless it
 * would go below zero (`mayGoNegative` aside) or `when` is false; returns the balance after. With
 * `ledgerOfMove` in the same statement, the move and its ledger row are written together or not at all.
 */
export function balanceMove(db: QueryCreator<DB>, value: Value, o: { mayGoNegative?: boolean; when?: Expression<SqlBool> } = {}) {
  let q = db
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', value('amount')) }))
    .where('id', '=', value('user'));
  if (!o.mayGoNegative) q = q.where((eb) => eb(eb('balance', '+', value('amount')), '>=', 0));
  if (o.when) q = q.where(o.when);
  return q.returning('balance');
}

/**
 * PostgreSQL, part of the same statement (`db` the builder that names it): the ledger row of the move
 * that the WITH query named `moved` returned (values `user`, `type`, `amount`, `refType`, `remark`,
 * `now`; `refId` an expression: the value's, or the caller's own), its balances before and after returned; no row when
 * nothing moved.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the WITH query the row is written from is named by the caller: no table type holds it
export function ledgerOfMove(db: QueryCreator<any>, value: Value, moved: string, refId: Expression<unknown>) {
  return db
    .insertInto('ledger')
    .columns(['user_id', 'type', 'amount', 'balance_before', 'balance_after', 'ref_type', 'ref_id', 'remark', 'create_at'])
    .expression((eb) =>
      eb
        .selectFrom(moved)
        .select((s) => [
          s.val(value('user')).as('user_id'),
          s.val(value('type')).as('type'),
          s.val(value('amount')).as('amount'),
          s(`${moved}.balance`, '-', value('amount')).as('balance_before'),
          s.ref(`${moved}.balance`).as('balance_after'),
          s.val(value('refType')).as('ref_type'),
          sql`${refId}`.as('ref_id'),
          s.val(value('remark')).as('remark'),
          s.val(value('now')).as('create_at'),
        ]),
    )
    .returning(['balance_before', 'balance_after']);
}

/** PostgreSQL: the move and its ledger row in one statement (a data-modifying WITH); no row when the balance did not move. */
const andRecord = (mayGoNegative: boolean) =>
  statement((db, value) =>
    ledgerOfMove(
      db.with('moved', (qb) => balanceMove(qb, value, { mayGoNegative })),
      value,
      'moved',
      sql`${value('refId')}`,
    ),
  );
const moveAndRecord = andRecord(false);
const moveAnywayAndRecord = andRecord(true);
const record = statement((db, value) =>
  db.insertInto('ledger').values({
    user_id: value('user'),
    type: value('type'),
    amount: value('amount'),
    balance_before: value('before'),
    balance_after: value('after'),
    ref_type: value('refType'),
    ref_id: value('refId'),
    remark: value('remark'),
    create_at: value('now'),
  }),
);
