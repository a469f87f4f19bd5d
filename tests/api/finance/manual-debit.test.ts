/**
 * A sup's manual debit is its own kind in the data (recharge 'deduct', ledger 'debit_manual'), and
 * migration 008 converts debits written before it; the home figures and the difference do not move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualDebit } from '../../../server/schema/migrations/008_manual_debit.js';
import { changeBalance } from '../../../server/finance/ledger.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('manual debits on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  let c: { id: number; token: string };

  const figures = async (token: string) => (await s.get('/api/statistics/index', token)).data;
  const money = (amount: number, remark: string) => s.post('/api/user/money', { id: c.id, amount, remark }, supToken);

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
    c = await s.addCustomer(supToken, 'debited');
  });
  afterAll(() => s?.close());

  it('a credit and a debit count in the recharge figures exactly as a negative manual recharge did', async () => {
    expect((await money(50, '线下转账')).code).toBe(200);
    expect((await money(-12.5, '扣回多充')).code).toBe(200);
    const sup = await figures(supToken);
    // Total recharge is credit minus debit; none of it automatic; nothing ordered; nothing missing.
    expect(sup.admin).toEqual({ balance: 37.5, recharge: 37.5, rechargeAuto: 0, order: 0, profit: 0, profitPending: 0, diff: 0 });
    expect(sup.todayRecharge).toBe(37.5);
    expect(sup.todayRechargeAuto).toBe(0);
    const mine = await figures(c.token);
    expect([mine.todayRecharge, mine.monthRecharge, mine.totalRecharge]).toEqual([37.5, 37.5, 37.5]);

    const ledger = await s.post('/api/finance/data', {}, c.token);
    expect(ledger.data.list.map((x: Record<string, unknown>) => [x.type, x.amount])).toEqual([
      ['debit_manual', -12.5],
      ['recharge_manual', 50],
    ]);
    const records = await s.post('/api/recharge/data', {}, c.token);
    expect(records.data.list.map((x: Record<string, unknown>) => [x.type, x.amount])).toEqual([
      ['deduct', -12.5],
      ['manual', 50],
    ]);
    // The kinds are filters of their own.
    expect((await s.post('/api/finance/data', { type: 'debit_manual' }, c.token)).data.total).toBe(1);
    expect((await s.post('/api/recharge/data', { type: 'deduct' }, supToken)).data.total).toBe(1);
  });

  it('migration 008 turns rows written the old way into debits and leaves every figure as it was', async () => {
    // Written as before 008: a debit was a negative 'manual' recharge and 'recharge_manual' ledger row.
    await s.database.db.transaction().execute(async (trx) => {
      const now = s.clock.now();
      const rec = await trx
        .insertInto('recharges')
        .values({ user_id: c.id, type: 'manual', amount: -250, remark: '旧扣款', operator_id: null, create_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await changeBalance(trx, {
        userId: c.id,
        amount: -250,
        type: 'recharge_manual',
        refType: 'recharge',
        refId: Number(rec.id),
        remark: '旧扣款',
        now,
      });
    });
    const before = { sup: await figures(supToken), mine: await figures(c.token) };
    const balances = await s.database.db
      .selectFrom('ledger')
      .select(['id', 'amount', 'balance_before', 'balance_after'])
      .orderBy('id')
      .execute();

    await manualDebit(s.database.dialect).up(s.database.db);

    expect(await figures(supToken)).toEqual(before.sup);
    expect(await figures(c.token)).toEqual(before.mine);
    expect(before.sup.admin.diff).toBe(0);
    expect(
      await s.database.db.selectFrom('ledger').select(['id', 'amount', 'balance_before', 'balance_after']).orderBy('id').execute(),
    ).toEqual(balances);
    const types = async (table: 'recharges' | 'ledger') =>
      (await s.database.db.selectFrom(table).select(['type', 'amount']).where('user_id', '=', c.id).orderBy('id').execute()).map((r) => [
        r.type,
        Number(r.amount),
      ]);
    expect(await types('recharges')).toEqual([
      ['manual', 5000],
      ['deduct', -1250],
      ['deduct', -250],
    ]);
    expect(await types('ledger')).toEqual([
      ['recharge_manual', 5000],
      ['debit_manual', -1250],
      ['debit_manual', -250],
    ]);
  });
});
