import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';

/**
 * A sup's manual debit gets types of its own (recharge record 'deduct', ledger 'debit_manual')
 * instead of a negative 'manual' / 'recharge_manual' row. Rows written before are converted; amounts
 * and balances do not change, so the home figures and the difference stay exactly as they were.
 */
export function manualDebit(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.updateTable('recharges').set({ type: 'deduct' }).where('type', '=', 'manual').where('amount', '<', 0).execute();
      await db.updateTable('ledger').set({ type: 'debit_manual' }).where('type', '=', 'recharge_manual').where('amount', '<', 0).execute();
    },
  };
}
