import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { toDollars } from '../platform/lib/money.js';

/** A price quote's balance lines: the buyer's balance now, after paying `amount` (cents), and whether it is enough. */
export async function balanceQuote(db: Kysely<DB>, userId: number, amount: number) {
  const { balance } = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    balance: toDollars(Number(balance)),
    balance_after: toDollars(Number(balance) - amount),
    enough_balance: Number(balance) >= amount,
  };
}
