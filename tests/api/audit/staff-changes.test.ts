/**
 * The audit rows of what staff do beyond the generic writes: money moved by a sup inside a customer's
 * account (purchases, renewals, cancels, re-use, and the customer's webhook address), the bot token
 * and the command line's password reset; a provider's key never sent to a new address unasked; and a
 * change refused or rolled back leaves no row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../../helpers/commerce.js';
import { FakeBotApi, BOT_TOKEN } from '../telegram/fake-bot-api.js';
import { handler, smsGoods } from '../../helpers/handler.js';
import { codeAt } from '../../helpers/totp-code.js';
import { resetPassword } from '../../../server/accounts/reset-password.js';
import { verifyChain } from '../../../server/audit/audit.js';

const T0 = Date.UTC(2026, 3, 1, 2, 0, 0);
const WINDOW = 60_000;

describe.each(dbKinds)('staff changes in the audit trail on %s', (kind) => {
  let s: TestServer;
  let bot: FakeBotApi;
  let hook: http.Server;
  let hookUrl: string;
  let owner: string;
  let support: { id: number; token: string };
  let customer: { id: number; token: string };
  let next = 8613600000000;

  const rows = () => s.database.db.selectFrom('audit').selectAll().orderBy('id').execute();
  const lastOf = async (action: string) => (await rows()).filter((r) => r.action === action).at(-1);
  const json = (text: string | null) => (text === null ? null : JSON.parse(text));
  const balance = async (id: number) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  /** A product with `n` numbers of its own. */
  async function product(more: Record<string, unknown> = {}, n = 2) {
    const id = await addGoods(s, owner, {
      title: `审计商品${next}`,
      price: 1.5,
      renew_price: 0.25,
      receive_limit: 1,
      reset_limit: 0,
      ...more,
    });
    await importLines(s, owner, id, phones(n, next));
    next += 100;
    return id;
  }
  /** Support switched into the customer's account (a switch ends support's own session: logged in afresh each time). */
  async function switchedIn(): Promise<string> {
    support.token = await s.login('care_one', 'Staff-pass-1');
    const r = await s.post('/api/user/manager', { id: customer.id }, support.token);
    expect(r.code, r.message).toBe(200);
    return r.data.token as string;
  }

  beforeAll(async () => {
    bot = await new FakeBotApi().start();
    hook = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    s = await startServer(kind, {
      frozenAt: T0,
      settings: { telegramApiRoot: bot.url, telegramPollSeconds: 1, handlerCancelAfterMs: WINDOW, webhookAllowPrivate: true },
    });
    owner = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(owner, 'inside_cust');
    const sup = await s.post('/api/user/add', { username: 'care_one', password: 'Staff-pass-1', type: 'sup', role: 'support' }, owner);
    expect(sup.code, sup.message).toBe(200);
    support = { id: sup.data.id, token: await s.login('care_one', 'Staff-pass-1') };
    await credit(s, owner, customer.id, 50);
  });
  afterAll(async () => {
    await s?.close();
    await bot?.close();
    hook?.closeAllConnections();
    await new Promise<void>((resolve) => (hook ? hook.close(() => resolve()) : resolve()));
  });

  it("a customer's own purchase, renewal and cancel are in the ledger only: no audit row", async () => {
    const goods = await product();
    const before = (await rows()).length;
    const [t] = (await buyOk(s, customer.token, goods)).tokens;
    expect((await s.post('/api/token/augment', { id: t.id, days: 1 }, customer.token)).code).toBe(200);
    s.clock.advance(WINDOW);
    expect((await s.post('/api/token/cancel', { id: t.id }, customer.token)).code).toBe(200);
    expect((await rows()).length).toBe(before);
  });

  it("money a sup moves inside a customer's account is audited, naming the sup, the amount and the balances", async () => {
    const goods = await product();
    const token = await switchedIn();
    const start = await balance(customer.id);

    const bought = await s.post('/api/order/buy', { goods_id: goods, quantity: 1 }, token);
    expect(bought.code, bought.message).toBe(200);
    const buyRow = (await lastOf('order.buy'))!;
    expect(buyRow).toMatchObject({
      category: 'money',
      actor_id: customer.id,
      manager_id: support.id,
      manager_name: 'care_one',
      target_type: 'order',
      target_id: bought.data.order_id,
    });
    expect(json(buyRow.before)).toEqual({ user_id: customer.id, balance: start / 100 });
    expect(json(buyRow.after)).toEqual({ user_id: customer.id, balance: start / 100 - 1.5 });
    expect(buyRow.summary).toContain('$1.50');
    const link = bought.data.tokens[0];

    const renewed = await s.post('/api/token/augment', { id: link.id, days: 2 }, token);
    expect(renewed.code, renewed.message).toBe(200);
    const renewRow = (await lastOf('order.augment'))!;
    expect(renewRow).toMatchObject({ category: 'money', manager_name: 'care_one', target_type: 'order', target_id: renewed.data.order_id });
    expect(json(renewRow.after).balance).toBe(renewed.data.balance);

    s.clock.advance(WINDOW);
    const cancelled = await s.post('/api/token/cancel', { id: link.id }, token);
    expect(cancelled.code, cancelled.message).toBe(200);
    const cancelRow = (await lastOf('token.cancel'))!;
    expect(cancelRow).toMatchObject({ category: 'money', manager_name: 'care_one', target_type: 'token', target_id: link.id });
    expect(Math.round((json(cancelRow.after).balance - json(cancelRow.before).balance) * 100)).toBe(200);
    expect(json(cancelRow.after).balance).toBe(cancelled.data.balance);

    // 再次使用: a number that got its code and ended, taken again from inside the account.
    const [own] = (await buyOk(s, customer.token, goods)).tokens;
    await deliver(s, own.identifier, '验证码 424242');
    expect((await s.post('/api/token/finish', { id: own.id }, customer.token)).code).toBe(200);
    const reused = await s.post('/api/token/reuse', { id: own.id }, token);
    expect(reused.code, reused.message).toBe(200);
    expect(await lastOf('token.reuse')).toMatchObject({ category: 'money', manager_name: 'care_one', target_id: reused.data.order_id });

    // Finance reads these rows (they are money rows).
    const fin = await s.post('/api/user/add', { username: 'fin_reader', password: 'Staff-pass-1', type: 'sup', role: 'finance' }, owner);
    expect(fin.code).toBe(200);
    const finToken = await s.login('fin_reader', 'Staff-pass-1');
    const seen = await s.post('/api/audit/data', { action: 'order.buy' }, finToken);
    expect(seen.data.total).toBe(1);
    expect(await verifyChain(s.database.db)).toMatchObject({ ok: true });
  });

  it("a rental extended inside the account is audited; staff who read orders read a rental's SMS, others not", async () => {
    await smsGoods(
      s,
      owner,
      { title: '审计租用', service: 'zz', price: 1, rentable: true, rent_price_hour: 0.5, rent_min_hours: 4, rent_max_hours: 720 },
      ['79970000001'],
    );
    const key = await s.post('/api/apikey/create', {}, customer.token);
    expect(key.code, key.message).toBe(200);
    const rented = JSON.parse((await handler(s, { api_key: key.data.key, action: 'getRentNumber', service: 'zz' })).body);
    expect(rented.status, JSON.stringify(rented)).toBe('success');
    const id = rented.phone.id as number;
    const token = await switchedIn();
    const extended = await s.post('/api/rent/extend', { id, hours: 4 }, token);
    expect(extended.code, extended.message).toBe(200);
    const row = (await lastOf('rent.extend'))!;
    expect(row).toMatchObject({ category: 'money', manager_name: 'care_one', target_type: 'order', target_id: extended.data.order_id });
    expect(json(row.after).balance).toBe(extended.data.balance);
    // Support (orders) reads the rental's SMS list; an operator (no orders grant) is told it does not exist.
    support.token = await s.login('care_one', 'Staff-pass-1');
    expect((await s.get(`/api/rent/sms?id=${id}`, support.token)).code).toBe(200);
    const op = await s.post('/api/user/add', { username: 'op_rent', password: 'Staff-pass-1', type: 'sup', role: 'operator' }, owner);
    expect(op.code).toBe(200);
    expect((await s.get(`/api/rent/sms?id=${id}`, await s.login('op_rent', 'Staff-pass-1'))).code).toBe(404);
  });

  it('a refused purchase inside the account writes no row and moves nothing', async () => {
    const goods = await product({ price: 10_000 });
    const token = await switchedIn();
    const before = await s.snapshot();
    const r = await s.post('/api/order/buy', { goods_id: goods, quantity: 1 }, token);
    expect(r.code).toBe(402);
    expect(await s.snapshot()).toBe(before);
  });

  it("the customer's webhook address changed from inside the account is audited; by the customer, not", async () => {
    const made = await s.post('/api/webhook/config', { url: hookUrl, enabled: true }, customer.token);
    expect(made.code, made.message).toBe(200);
    const before = (await rows()).length;
    expect((await s.post('/api/webhook/config', { url: `${hookUrl}?own=1` }, customer.token)).code).toBe(200);
    expect((await rows()).length).toBe(before);
    const token = await switchedIn();
    const changed = await s.post('/api/webhook/config', { url: `${hookUrl}?by=sup` }, token);
    expect(changed.code, changed.message).toBe(200);
    const row = (await lastOf('webhook.config'))!;
    expect(row).toMatchObject({ manager_name: 'care_one', target_type: 'user', target_id: customer.id });
    expect(json(row.before).url).toBe(`${hookUrl}?own=1`);
    expect(json(row.after).url).toBe(`${hookUrl}?by=sup`);
  });

  it("a provider's new address needs its key again: the stored key is never sent elsewhere unasked", async () => {
    const operator = await s.post('/api/user/add', { username: 'op_keys', password: 'Staff-pass-1', type: 'sup', role: 'operator' }, owner);
    expect(operator.code).toBe(200);
    const op = await s.login('op_keys', 'Staff-pass-1');
    const provider = (
      await s.post('/api/provider/add', { name: '审计上游', base_url: 'http://127.0.0.1:9/api', api_key: 'kept-secret-key' }, owner)
    ).data.id;
    const before = await s.snapshot();
    for (const body of [{ base_url: 'http://127.0.0.1:8/steal' }, { base_url: 'http://127.0.0.1:8/steal', api_key: '' }]) {
      const r = await s.post('/api/provider/edit', { id: provider, ...body }, op);
      expect(r.code, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe('更改接口地址时请重新填写 API 密钥');
    }
    expect(await s.snapshot()).toBe(before);
    // The same address, or a new one with the key typed again, is saved.
    expect((await s.post('/api/provider/edit', { id: provider, base_url: 'http://127.0.0.1:9/api', name: '审计上游2' }, op)).code).toBe(
      200,
    );
    expect((await s.post('/api/provider/edit', { id: provider, base_url: 'http://127.0.0.1:7/api', api_key: 'new-key' }, op)).code).toBe(
      200,
    );
  });

  it('the bot token saved writes a settings row with only whether it is set and its last four characters', async () => {
    const r = await s.post('/api/telegram/bot', { token: BOT_TOKEN }, owner);
    expect(r.code, r.message).toBe(200);
    const row = (await lastOf('config.telegram'))!;
    expect(row).toMatchObject({ category: 'settings', actor_name: SUP.username });
    expect(json(row.after)).toEqual({ token_set: true, token_last4: BOT_TOKEN.slice(-4) });
    expect(JSON.stringify(await rows())).not.toContain(BOT_TOKEN.split(':')[1].slice(0, 12));
    expect((await s.post('/api/telegram/bot', { token: '' }, owner)).code).toBe(200);
    expect(json((await lastOf('config.telegram'))!.after)).toEqual({ token_set: false, token_last4: null });
    // A token Telegram refuses is not saved: no row.
    const count = (await rows()).length;
    expect((await s.post('/api/telegram/bot', { token: 'not a token' }, owner)).code).toBe(400);
    expect((await rows()).length).toBe(count);
  });

  it("the command line's password reset is audited as cli, the password never in it", async () => {
    const reset = await resetPassword(s.database.db, 'inside_cust', s.settings.dataDir, s.clock.now());
    expect(reset).toBeTruthy();
    const row = (await lastOf('user.password'))!;
    expect(row).toMatchObject({ actor_id: null, actor_name: 'cli', category: 'users', target_id: customer.id, ip: null });
    expect(JSON.stringify(await rows())).not.toContain(reset!.password);
    customer.token = await s.login('inside_cust', reset!.password);
  });

  it("a user's own password, profile and two-step login changes write theirs (no secret in them)", async () => {
    const me = await s.addCustomer(owner, 'self_changer');
    const token = me.token;
    expect((await s.post('/api/user/profile', { email: 'me@example.com', tg: '@me' }, token)).code).toBe(200);
    const profile = (await lastOf('user.profile'))!;
    expect(profile).toMatchObject({ actor_id: me.id, target_id: me.id, category: 'users' });
    expect([json(profile.before), json(profile.after)]).toEqual([
      { email: null, tg: null },
      { email: 'me@example.com', tg: '@me' },
    ]);
    // Saving the same values again changes nothing: no row.
    const count = (await rows()).length;
    expect((await s.post('/api/user/profile', { email: 'me@example.com' }, token)).code).toBe(200);
    expect((await rows()).length).toBe(count);

    expect((await s.post('/api/user/password', { old_password: 'Customer-pass-1', password: 'Customer-pass-2' }, token)).code).toBe(200);
    expect(await lastOf('user.password')).toMatchObject({ actor_id: me.id, target_id: me.id, summary: '修改自己的密码' });
    // A wrong old password changes nothing and writes no row.
    const before = (await rows()).filter((r) => r.category !== 'login').length;
    expect((await s.post('/api/user/password', { old_password: 'wrong-pass-1', password: 'Customer-pass-3' }, token)).code).toBe(400);
    expect((await rows()).filter((r) => r.category !== 'login').length).toBe(before);

    const setup = await s.post('/api/user/totp/setup', {}, token);
    expect(setup.code, setup.message).toBe(200);
    const enabled = await s.post('/api/user/totp/enable', { code: codeAt(setup.data.secret, s.clock.now()) }, token);
    expect(enabled.code, enabled.message).toBe(200);
    expect(await lastOf('user.totp')).toMatchObject({ actor_id: me.id, summary: '开启两步验证' });
    s.clock.advance(60_000);
    const disabled = await s.post('/api/user/totp/disable', { code: codeAt(setup.data.secret, s.clock.now()) }, token);
    expect(disabled.code, disabled.message).toBe(200);
    expect(await lastOf('user.totp')).toMatchObject({ actor_id: me.id, summary: '关闭两步验证' });
    expect(JSON.stringify(await rows())).not.toContain(setup.data.secret);
  });

  it('role changes, deletes, stock on and off and notices write theirs', async () => {
    const staff = await s.post('/api/user/add', { username: 'role_moves', password: 'Staff-pass-1', type: 'sup', role: 'operator' }, owner);
    expect((await s.post('/api/user/edit', { id: staff.data.id, role: 'finance' }, owner)).code).toBe(200);
    const role = (await lastOf('user.role'))!;
    expect(role).toMatchObject({ category: 'users', target_id: staff.data.id, actor_name: SUP.username });
    expect([json(role.before).role, json(role.after).role]).toEqual(['operator', 'finance']);

    const goods = await product({}, 3);
    const items = await s.database.db.selectFrom('stock_items').select('id').where('goods_id', '=', goods).orderBy('id').execute();
    const ids = items.map((i) => Number(i.id));
    for (const [path, action] of [
      ['/api/stock/disable', 'stock.disable'],
      ['/api/stock/enable', 'stock.enable'],
      ['/api/stock/del', 'stock.del'],
    ] as const) {
      const r = await s.post(path, { ids: [ids[0]] }, owner);
      expect(r.code, `${path} ${r.message}`).toBe(200);
      expect(await lastOf(action), action).toMatchObject({ category: 'catalog' });
    }
    const group = (await s.post('/api/group/add', { name: '将删', rate: 0.9 }, owner)).data.id;
    expect((await s.post('/api/group/del', { ids: [group] }, owner)).code).toBe(200);
    expect(await lastOf('group.del')).toMatchObject({ target_id: group, category: 'catalog' });

    const notice = await s.post('/api/notice/add', { title: '审计公告', content: '内容' }, owner);
    expect(notice.code, notice.message).toBe(200);
    expect(await lastOf('notice.add')).toMatchObject({ target_id: notice.data.id, category: 'content' });
    expect((await s.post('/api/notice/edit', { id: notice.data.id, title: '审计公告二' }, owner)).code).toBe(200);
    expect(json((await lastOf('notice.edit'))!.after)).toEqual({ title: '审计公告二' });
    expect((await s.post('/api/notice/del', { ids: [notice.data.id] }, owner)).code).toBe(200);
    expect(await lastOf('notice.del')).toMatchObject({ target_id: notice.data.id });
  });

  it('a change rolled back leaves no row: a debit past the balance (402) writes no user.money', async () => {
    const before = await s.snapshot();
    const r = await s.post('/api/user/money', { id: customer.id, amount: -1_000_000, remark: '超额扣款' }, owner);
    expect(r.code).toBe(402);
    expect(await s.snapshot()).toBe(before);
    expect((await rows()).some((row) => row.summary.includes('超额扣款'))).toBe(false);
  });
});
