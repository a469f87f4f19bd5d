/** The audit trail: a row per audited action in its change's transaction, read by role, chained, verified. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';
import { unmatchedTransfer } from '../fixtures/usdt.js';
import { auditCommand } from '../../../server/audit/cli.js';
import { verifyChain } from '../../../server/audit/audit.js';

describe.each(dbKinds)('audit trail on %s', (kind) => {
  let s: TestServer;
  let owner: string;
  let customer: { id: number; token: string };
  const staff = {} as Record<'operator' | 'finance' | 'support', { id: number; token: string }>;

  const rows = () => s.database.db.selectFrom('audit').selectAll().orderBy('id').execute();
  const lastOf = async (action: string) => (await rows()).filter((r) => r.action === action).at(-1);
  const json = (text: string | null) => (text === null ? null : JSON.parse(text));

  beforeAll(async () => {
    s = await startServer(kind);
    owner = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(owner, 'audited_cust');
    for (const role of ['operator', 'finance', 'support'] as const) {
      const r = await s.post('/api/user/add', { username: `a_${role}`, password: 'Staff-pass-1', type: 'sup', role }, owner);
      expect(r.code, r.message).toBe(200);
      staff[role] = { id: r.data.id, token: await s.login(`a_${role}`, 'Staff-pass-1') };
    }
  });
  afterAll(() => s?.close());

  it('a login writes its row, success or failure (the password never)', async () => {
    expect((await s.post('/api/user/login', { username: 'audited_cust', password: 'wrong-password' })).code).toBe(400);
    const failed = await lastOf('login.fail');
    expect(failed).toMatchObject({ actor_id: customer.id, actor_name: 'audited_cust', category: 'login', target_id: customer.id });
    expect(failed!.summary).toContain('密码错误');
    expect(failed!.ip).toBeTruthy();
    await s.login('audited_cust', 'Customer-pass-1');
    expect(await lastOf('login.ok')).toMatchObject({ actor_id: customer.id, category: 'login' });
    expect(JSON.stringify(await rows())).not.toContain('wrong-password');
  });

  it('a balance change by finance names them, the amount, and the balance before and after', async () => {
    const r = await s.post('/api/user/money', { id: customer.id, amount: 12.5, remark: '线下转账' }, staff.finance.token);
    expect(r.code, r.message).toBe(200);
    const row = await lastOf('user.money');
    expect(row).toMatchObject({
      actor_id: staff.finance.id,
      actor_name: 'a_finance',
      category: 'money',
      target_type: 'user',
      target_id: customer.id,
    });
    expect(json(row!.before)).toEqual({ balance: 0 });
    expect(json(row!.after)).toEqual({ balance: 12.5 });
    expect(row!.summary).toContain('线下转账');
  });

  it('products, prices, groups, discounts, stock and providers write theirs; a provider key only as changed', async () => {
    const goods = await addGoods(s, staff.operator.token, { price: 2 });
    expect(await lastOf('goods.add')).toMatchObject({ target_id: goods, actor_name: 'a_operator', category: 'catalog' });
    expect((await s.post('/api/goods/edit', { id: goods, price: 3.5 }, staff.operator.token)).code).toBe(200);
    const edit = await lastOf('goods.edit');
    expect(json(edit!.before)).toEqual({ price: 200 });
    expect(json(edit!.after)).toEqual({ price: 350 });
    await importLines(s, staff.operator.token, goods, phones(3));
    expect(json((await lastOf('stock.import'))!.after)).toMatchObject({ added: 3 });
    const group = (await s.post('/api/group/add', { name: '金牌', rate: 0.8 }, owner)).data.id;
    expect(await lastOf('group.add')).toMatchObject({ target_id: group });
    expect((await s.post('/api/discount/add', { user_id: customer.id, rate: 0.9 }, owner)).code).toBe(200);
    expect(await lastOf('discount.add')).toBeTruthy();
    const provider = (
      await s.post('/api/provider/add', { name: '上游', base_url: 'http://localhost:9/', api_key: 'very-secret-key' }, owner)
    ).data.id;
    expect((await s.post('/api/provider/edit', { id: provider, api_key: 'another-secret' }, owner)).code).toBe(200);
    const changed = await lastOf('provider.edit');
    expect(changed!.after).toContain('已更改');
    expect(JSON.stringify(await rows())).not.toMatch(/very-secret-key|another-secret/);
  });

  it('refunds, a transfer attached, settings and keys shown write theirs', async () => {
    const goods = await addGoods(s, owner, { price: 1 });
    await importLines(s, owner, goods, phones(4, 8613900000000));
    const a = await buyOk(s, customer.token, goods);
    const b = await buyOk(s, customer.token, goods);
    expect((await s.post('/api/order/refund', { id: a.order_id, amount: 0.5, remark: '部分退' }, staff.finance.token)).code).toBe(200);
    expect(await lastOf('order.refund')).toMatchObject({
      category: 'money',
      target_type: 'order',
      target_id: a.order_id,
      actor_name: 'a_finance',
    });
    const refunded = await s.post('/api/token/refund', { id: b.tokens[0].id, remark: '号码不可用' }, owner);
    expect(refunded.code).toBe(200);
    const refund = await lastOf('token.refund');
    expect(Math.round((json(refund!.after).balance - json(refund!.before).balance) * 100)).toBe(Math.round(refunded.data.amount * 100));
    expect(json(refund!.after).balance).toBe(refunded.data.balance);
    const transfer = await unmatchedTransfer(s);
    expect((await s.post('/api/transfer/attach', { id: transfer, user_id: customer.id }, staff.finance.token)).code).toBe(200);
    expect(await lastOf('transfer.attach')).toMatchObject({ category: 'money', target_id: transfer });
    expect((await s.post('/api/usdt/config/edit', { min_amount: 7 }, staff.finance.token)).code).toBe(200);
    const usdt = (await lastOf('usdt.config'))!;
    expect(json(usdt.after)).toMatchObject({ min_amount: 7 });
    // The API key was not changed: neither side says it was.
    for (const side of [usdt.before, usdt.after]) expect(side).not.toMatch(/api_key|已更改/);
    expect((await s.post('/api/config/edit', { register_open: false }, owner)).code).toBe(200);
    const config = await lastOf('config.edit');
    expect([json(config!.before).register_open, json(config!.after).register_open]).toEqual([true, false]);
    const key = await s.post('/api/apikey/create', {}, customer.token);
    expect(key.code).toBe(200);
    const shown = await lastOf('key.shown');
    expect(shown).toMatchObject({ actor_id: customer.id, target_type: 'apikey' });
    expect(JSON.stringify(await rows())).not.toContain(key.data.key);
    const device = (await s.post('/api/device/add', { name: '审计机' }, staff.operator.token)).data;
    const secret = await s.post('/api/device/secret', { id: device.id }, staff.operator.token);
    expect(await lastOf('key.shown')).toMatchObject({ target_type: 'device', target_id: device.id });
    expect(JSON.stringify(await rows())).not.toContain(secret.data.secret);
    expect(JSON.stringify(await rows())).not.toContain(device.secret);
  });

  it("a switched-into session has the customer's rights, and its rows name the sup behind it", async () => {
    const switched = await s.post('/api/user/manager', { id: customer.id }, staff.support.token);
    expect(switched.code, switched.message).toBe(200);
    expect(await lastOf('user.switch')).toMatchObject({ actor_id: staff.support.id, target_id: customer.id });
    const token = switched.data.token as string;
    expect((await s.post('/api/user/data', {}, token)).code).toBe(403);
    expect((await s.post('/api/user/money', { id: customer.id, amount: 1, remark: 'x' }, token)).code).toBe(403);
    expect((await s.post('/api/order/quote', { goods_id: 1, quantity: 1 }, token)).code).not.toBe(403);
    const back = await s.post('/api/user/admin', {}, token);
    expect(back.code).toBe(200);
    expect(await lastOf('user.back')).toMatchObject({ actor_id: customer.id, manager_id: staff.support.id, manager_name: 'a_support' });
    staff.support.token = back.data.token;
    // Support resets a customer's password: shown once, never stored in the row.
    const reset = await s.post('/api/user/reset-password', { id: customer.id }, staff.support.token);
    expect(reset.code).toBe(200);
    expect(await lastOf('user.password')).toMatchObject({ actor_id: staff.support.id, target_id: customer.id });
    expect(JSON.stringify(await rows())).not.toContain(reset.data.password);
    customer.token = await s.login('audited_cust', reset.data.password);
    // Operators and finance do not switch.
    expect((await s.post('/api/user/manager', { id: customer.id }, staff.operator.token)).code).toBe(403);
    expect((await s.post('/api/user/manager', { id: customer.id }, staff.finance.token)).code).toBe(403);
  });

  it('the owner reads every row, finance only the money rows, operator and support none', async () => {
    const all = await s.post('/api/audit/data?pageSize=100', {}, owner);
    expect(all.code).toBe(200);
    for (const category of ['login', 'money', 'catalog', 'users', 'settings', 'keys', 'intake']) {
      expect((await s.post('/api/audit/data', { category }, owner)).data.total, category).toBeGreaterThan(0);
    }
    const money = await s.post('/api/audit/data?pageSize=100', {}, staff.finance.token);
    expect(money.data.list.length).toBeGreaterThan(0);
    expect(money.data.list.every((r: { category: string }) => r.category === 'money')).toBe(true);
    // A filter for other rows finds nothing for finance; a non-money row by id is not found.
    expect((await s.post('/api/audit/data', { category: 'login' }, staff.finance.token)).data.total).toBe(0);
    const login = (await lastOf('login.ok'))!;
    expect((await s.get(`/api/audit/detail?id=${login.id}`, staff.finance.token)).code).toBe(404);
    expect((await s.get(`/api/audit/detail?id=${login.id}`, owner)).code).toBe(200);
    for (const who of [staff.operator.token, staff.support.token, customer.token]) {
      expect((await s.post('/api/audit/data', {}, who)).code).toBe(403);
    }
    // Before and after, side by side, for the balance change.
    const change = (await s.post('/api/audit/data', { action: 'user.money', actor_id: staff.finance.id }, owner)).data.list.at(-1);
    expect(change.changes).toEqual({ before: { balance: 0 }, after: { balance: 12.5 } });
    // Filters by person, action and target.
    const byPerson = await s.post('/api/audit/data', { actor_id: staff.finance.id, action: 'user.money', target_id: customer.id }, owner);
    expect(byPerson.data.total).toBe(1);
  });

  it('no route adds, edits or deletes a row', async () => {
    const before = JSON.stringify(await rows());
    const id = (await rows())[0].id;
    for (const [path, body] of [
      ['/api/audit/add', { action: 'x', summary: 'x' }],
      ['/api/audit/edit', { id, summary: '改' }],
      ['/api/audit/del', { ids: [id] }],
    ] as const) {
      const r = await s.call('POST', path, { token: owner, body });
      expect(r.code, path).toBe(404);
    }
    // Every call above was refused: nothing was written (the owner's login here adds its row only).
    expect(JSON.stringify((await rows()).slice(0, JSON.parse(before).length))).toBe(before);
  });

  it('verify: ok over the chain, and a row edited in the database is named', async () => {
    const good = await auditCommand(['verify'], s.database);
    const all = await rows();
    expect(good).toEqual({
      code: 0,
      lines: [`ok ${all.length}`, `last id=${all.at(-1)!.id} hash=${all.at(-1)!.hash}`, expect.stringContaining('未与锚点核对')],
    });
    const victim = (await lastOf('user.money'))!;
    if (kind === 'postgres') {
      // PostgreSQL refuses an edit or a delete outright; the tampering below is someone who turned that off.
      await expect(s.database.db.updateTable('audit').set({ summary: '改' }).where('id', '=', victim.id).execute()).rejects.toThrow(
        /append-only/,
      );
      await expect(s.database.db.deleteFrom('audit').where('id', '=', victim.id).execute()).rejects.toThrow(/append-only/);
      await sql`ALTER TABLE audit DISABLE TRIGGER audit_append_only`.execute(s.database.db);
    }
    await s.database.db.updateTable('audit').set({ after: '{"balance":1000}' }).where('id', '=', victim.id).execute();
    const bad = await auditCommand(['verify'], s.database);
    expect(bad.code).toBe(1);
    expect(bad.lines[0]).toMatch(new RegExp(`^mismatch id=${victim.id}: `));
    await s.database.db.updateTable('audit').set({ after: victim.after }).where('id', '=', victim.id).execute();
    expect((await auditCommand(['verify'], s.database)).code).toBe(0);
    // A row deleted breaks the link of the one after it.
    const next = (await rows()).find((r) => Number(r.id) > Number(victim.id))!;
    await s.database.db.deleteFrom('audit').where('id', '=', victim.id).execute();
    expect((await auditCommand(['verify'], s.database)).lines[0]).toMatch(new RegExp(`^mismatch id=${next.id}: `));
    await s.database.db.insertInto('audit').values(victim).execute();
    expect((await auditCommand(['verify'], s.database)).code).toBe(0);
    expect((await auditCommand(['nonsense'], s.database)).code).toBe(2);
    if (kind === 'postgres') await sql`ALTER TABLE audit ENABLE TRIGGER audit_append_only`.execute(s.database.db);
  });

  it('concurrent money operations keep the chain valid and lose no row', async () => {
    const before = (await rows()).length;
    const calls = Array.from({ length: 24 }, (_, i) =>
      s.post(
        '/api/user/money',
        { id: customer.id, amount: i % 3 === 0 ? -0.01 : 1, remark: `并发 ${i}` },
        i % 2 ? owner : staff.finance.token,
      ),
    );
    const answers = await Promise.all(calls);
    expect(answers.every((r) => r.code === 200)).toBe(true);
    expect((await rows()).length).toBe(before + 24);
    expect(await verifyChain(s.database.db)).toMatchObject({ ok: true, rows: before + 24 });
    // Every balance step is one row's before and after: none was computed from a stale previous row.
    const steps = (await rows()).filter((r) => r.action === 'user.money' && r.summary.includes('并发'));
    expect(steps).toHaveLength(24);
    for (let i = 1; i < steps.length; i += 1) {
      expect(json(steps[i].before).balance, `row ${steps[i].id}`).toBe(json(steps[i - 1].after).balance);
      expect(Number(steps[i].create_at)).toBeGreaterThanOrEqual(Number(steps[i - 1].create_at));
    }
  });

  it('the audit of the first switch shows who and from where', async () => {
    const row = (await lastOf('user.switch'))!;
    expect(row.ip).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a later balance change still writes its row, naming the sup who made it', async () => {
    await credit(s, owner, customer.id, 1);
    expect(await lastOf('user.money')).toMatchObject({ actor_name: SUP.username });
  });
});
