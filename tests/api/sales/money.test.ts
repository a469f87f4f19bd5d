/** Manual credits and debits (/api/user/money): validation, the rows they write, and concurrency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('user/money on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  let supId: number;
  let customer: { id: number; token: string };

  const money = (body: unknown) => s.post('/api/user/money', body, supToken);
  const ledgerOf = (userId: number) => s.database.db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const rechargesOf = (userId: number) =>
    s.database.db.selectFrom('recharges').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const balanceOf = async (userId: number) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance);

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
    supId = (await s.post('/api/user/info', undefined, supToken)).data.id;
    customer = await s.addCustomer(supToken, 'payer');
  });
  afterAll(() => s?.close());

  it('credits in dollars, writing one recharge row and one ledger row', async () => {
    const r = await money({ id: customer.id, amount: 12.34, remark: '线下转账' });
    expect(r.code).toBe(200);
    expect(r.data.balance).toBe(12.34);
    const [recharge] = await rechargesOf(customer.id);
    expect(recharge).toMatchObject({ type: 'manual', amount: 1234, remark: '线下转账', operator_id: supId });
    const [row] = await ledgerOf(customer.id);
    expect(row).toMatchObject({
      type: 'recharge_manual',
      amount: 1234,
      balance_before: 0,
      balance_after: 1234,
      ref_type: 'recharge',
      ref_id: recharge.id,
      remark: '线下转账',
    });
    expect((await s.post('/api/user/info', undefined, customer.token)).data.balance).toBe(12.34);
  });

  it('debits with a negative amount, and accepts the amount as a string', async () => {
    const r = await money({ id: customer.id, amount: '-2.3', remark: '扣回' });
    expect(r.code).toBe(200);
    expect(r.data.balance).toBe(10.04);
    const rows = await ledgerOf(customer.id);
    // A debit is a manual debit in the data, not a negative manual recharge.
    expect(rows.at(-1)).toMatchObject({ type: 'debit_manual', amount: -230, balance_before: 1234, balance_after: 1004 });
    expect((await rechargesOf(customer.id)).at(-1)).toMatchObject({ type: 'deduct', amount: -230, remark: '扣回' });
    expect(await balanceOf(customer.id)).toBe(1004);
  });

  it('never takes a balance below zero: 402 and nothing written', async () => {
    const before = await s.snapshot();
    const r = await money({ id: customer.id, amount: -10.05, remark: '超额扣款' });
    expect(r.code).toBe(402);
    expect(chinese(r.message)).toBe(true);
    expect(await s.snapshot()).toBe(before);
    // Exactly to zero is allowed.
    expect((await money({ id: customer.id, amount: -10.04, remark: '清零' })).data.balance).toBe(0);
    expect((await money({ id: customer.id, amount: 5, remark: '恢复' })).data.balance).toBe(5);
  });

  it.each([
    ['three decimals', { amount: 1.005, remark: 'x' }, 'amount'],
    ['three decimals as text', { amount: '0.001', remark: 'x' }, 'amount'],
    ['a zero amount', { amount: 0, remark: 'x' }, 'amount'],
    ['an amount in words', { amount: 'ten', remark: 'x' }, 'amount'],
    ['an exponent', { amount: '1e3', remark: 'x' }, 'amount'],
    ['more than a million', { amount: 1_000_000.01, remark: 'x' }, 'amount'],
    ['no remark', { amount: 1 }, 'remark'],
    ['an empty remark', { amount: 1, remark: '' }, 'remark'],
    ['a blank remark', { amount: 1, remark: '   ' }, 'remark'],
    ['a remark that is not text', { amount: 1, remark: 5 }, 'remark'],
    ['no amount', { remark: 'x' }, 'amount'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const before = await s.snapshot();
    const r = await money({ id: customer.id, ...body });
    expect(r.code).toBe(400);
    expect(chinese(r.message)).toBe(true);
    expect(r.data?.errors?.[field]).toBeTruthy();
    expect(await s.snapshot()).toBe(before);
  });

  it('refuses an unknown user with 404 and a missing or malformed id with 400', async () => {
    const before = await s.snapshot();
    expect((await money({ id: 424_242, amount: 1, remark: 'x' })).code).toBe(404);
    expect((await money({ amount: 1, remark: 'x' })).code).toBe(400);
    expect((await money({ id: 'abc', amount: 1, remark: 'x' })).code).toBe(400);
    expect((await money({ id: customer.id, amount: 1, remark: 'x', note: 'y' })).code).toBe(400);
    expect(await s.snapshot()).toBe(before);
  });

  it('50 concurrent credits and debits keep the ledger, the balance and the difference exact', async () => {
    const target = await s.addCustomer(supToken, 'busy_one');
    // 20 credits of 1.11 (22.20) against 30 debits of 1.00 (30.00): some debits must be refused.
    const amounts = Array.from({ length: 50 }, (_, i) => (i % 5 === 0 || i % 5 === 3 ? 1.11 : -1));
    const answers = await Promise.all(amounts.map((amount, i) => money({ id: target.id, amount, remark: `并发 ${i}` })));

    const codes = answers.map((a) => a.code);
    expect(codes.every((c) => c === 200 || c === 402)).toBe(true);
    expect(codes.filter((c) => c === 402).length).toBeGreaterThanOrEqual(8);
    const accepted = amounts.filter((_, i) => codes[i] === 200);
    const expected = accepted.reduce((sum, a) => sum + Math.round(a * 100), 0);

    const balance = await balanceOf(target.id);
    expect(balance).toBe(expected);
    expect(balance).toBeGreaterThanOrEqual(0);
    const rows = await ledgerOf(target.id);
    expect(rows).toHaveLength(accepted.length);
    expect(rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(balance);
    let previous = 0;
    for (const r of rows) {
      expect(Number(r.balance_before)).toBe(previous);
      expect(Number(r.balance_after)).toBe(Number(r.balance_before) + Number(r.amount));
      expect(Number(r.balance_after)).toBeGreaterThanOrEqual(0);
      previous = Number(r.balance_after);
    }
    expect(previous).toBe(balance);
    const recharges = await rechargesOf(target.id);
    expect(recharges).toHaveLength(accepted.length);
    expect(recharges.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(balance);
    // Each accepted answer reported a balance some ledger row reached.
    const reached = new Set(rows.map((r) => Number(r.balance_after)));
    for (const a of answers.filter((x) => x.code === 200)) expect(reached.has(Math.round(a.data.balance * 100))).toBe(true);

    const stats = await s.get('/api/statistics/index', supToken);
    expect(stats.code).toBe(200);
    expect(stats.data.admin.diff).toBe(0);
    const all = await s.database.db.selectFrom('users').select('balance').execute();
    expect(Math.round(stats.data.admin.balance * 100)).toBe(all.reduce((sum, u) => sum + Number(u.balance), 0));
    expect(stats.data.admin.recharge).toBe(stats.data.admin.balance);

    // The customer reads the same figures in their finance details.
    const mine = await s.post('/api/finance/data?pageSize=100', {}, target.token);
    expect(mine.data.total).toBe(accepted.length);
    expect(mine.data.list[0].balance_after).toBe(balance / 100);
  });
});
