/**
 * Upstream products against a local provider speaking SMS-Activate's handler_api.php
 * (tests/helpers/fake-sms-activate.ts): buying a number, its code arriving, the provider's refusals
 * refunded at once, unknown outcomes reconciled (never bought twice), the wait window cancelling
 * upstream, and the provider's key and settings never reaching a customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, expectBooksBalance } from '../../helpers/commerce.js';
import { startFakeSmsActivate, type FakeSmsActivate } from '../../helpers/fake-sms-activate.js';
import { migrate } from '../../../server/schema/migrate.js';
import { secretBox } from '../../../server/platform/lib/secret-box.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const MINUTE = 60_000;

describe.each(dbKinds)('upstream providers on %s', (kind) => {
  let s: TestServer;
  let fake: FakeSmsActivate;
  let sup: string;
  let buyer: { id: number; token: string };
  let providerId: number;
  let goodsId: number;

  const db = () => s.database.db;
  const balanceOf = async (id: number) =>
    Number((await db().selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  const link = (id: number) => db().selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const calls = (action: string) => fake.requests.filter((r) => r.action === action);
  const activationOf = async (tokenId: number) => fake.activations.get(Number((await link(tokenId)).upstream_id))!;
  const refundsOf = (tokenId: number) =>
    db()
      .selectFrom('ledger')
      .select('amount')
      .where('type', '=', 'refund')
      .where('ref_type', '=', 'token')
      .where('ref_id', '=', tokenId)
      .execute();
  const provider = async () =>
    (await s.post('/api/provider/data', {}, sup)).data.list.find((p: Record<string, unknown>) => p.id === providerId);
  const buy = (quantity = 1, goods = goodsId) => s.post('/api/order/buy', { goods_id: goods, quantity }, buyer.token);

  beforeAll(async () => {
    fake = await startFakeSmsActivate({ apiKey: 'up-secret-key-7f3a9c', balance: 50, stock: { tg: { count: 100, price: 0.4 } } });
    s = await startServer(kind, { settings: { webhookAllowPrivate: true, upstreamTimeoutMs: 1000 } });
    sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'up_buyer');
    await credit(s, sup, buyer.id, 20);
    const added = await s.post('/api/provider/add', { name: '测试上游', base_url: fake.url, api_key: fake.apiKey }, sup);
    expect(added.code, added.message).toBe(200);
    providerId = added.data.id;
    goodsId = await addGoods(s, sup, {
      title: 'Telegram 上游',
      service: 'tg',
      price: 1,
      source: 'upstream',
      provider_id: providerId,
      upstream_service: 'tg',
      upstream_country: 0,
      upstream_max_price: 1,
      code_wait_minutes: 10,
      reset_limit: 2,
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('the sup adds a provider and reads its balance; the key is never answered', async () => {
    const row = await provider();
    expect(row).toMatchObject({ name: '测试上游', base_url: fake.url, balance: null, last_error: null });
    expect(row).not.toHaveProperty('api_key');
    const refreshed = await s.post('/api/provider/balance', { id: providerId }, sup);
    expect(refreshed.code, refreshed.message).toBe(200);
    expect(refreshed.data.balance).toBe(50);
    expect((await provider()).balance).toBe(50);
    const detail = await s.get(`/api/provider/detail?id=${providerId}`, sup);
    expect(JSON.stringify(detail)).not.toContain(fake.apiKey);
    const edited = await s.post('/api/provider/edit', { id: providerId, remark: '主渠道' }, sup);
    expect(edited.code).toBe(200);
    expect(JSON.stringify(edited)).not.toContain(fake.apiKey);
  });

  it('a key with characters no provider issues is refused with a reason, adding and editing', async () => {
    const long = '密'.repeat(255);
    const added = await s.post('/api/provider/add', { name: '错误密钥', base_url: fake.url, api_key: long }, sup);
    expect(added.code).toBe(400);
    expect(added.data.errors.api_key).toContain('只能包含');
    const edited = await s.post('/api/provider/edit', { id: providerId, api_key: 'has space' }, sup);
    expect(edited.code).toBe(400);
    expect((await s.post('/api/provider/balance', { id: providerId }, sup)).code).toBe(200);
  });

  it('the key is stored sealed, not as given; the provider still receives the key itself, also after an edit that leaves it', async () => {
    const stored = async () =>
      (await db().selectFrom('providers').select('api_key').where('id', '=', providerId).executeTakeFirstOrThrow()).api_key;
    const sealed = await stored();
    expect(sealed).not.toContain(fake.apiKey);
    expect(sealed).toMatch(/^v1:/);
    expect((await s.post('/api/provider/edit', { id: providerId, api_key: '', remark: '主渠道' }, sup)).code).toBe(200);
    expect(await stored()).toBe(sealed);
    const asked = fake.requests.length;
    expect((await s.post('/api/provider/balance', { id: providerId }, sup)).code).toBe(200);
    expect(fake.requests.slice(asked).map((r) => [r.action, r.params.api_key])).toEqual([['getBalance', fake.apiKey]]);
  });

  it('migration 010c seals a key stored as given before it, and the provider keeps receiving it', async () => {
    const plain = await db()
      .insertInto('providers')
      .values({ name: '旧上游', base_url: fake.url, api_key: fake.apiKey, enabled: 1, create_at: Date.now() } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(plain.id);
    await db()
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '010c_provider_keys_sealed' as never)
      .execute();
    await migrate(db(), s.database.dialect, s.settings);
    const row = await db().selectFrom('providers').select('api_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.api_key).not.toContain(fake.apiKey);
    expect(row.api_key).toMatch(/^v1:/);
    const asked = fake.requests.length;
    const read = await s.post('/api/provider/balance', { id }, sup);
    expect(read.code, read.message).toBe(200);
    expect(fake.requests.slice(asked).map((r) => r.params.api_key)).toEqual([fake.apiKey]);
    await s.post('/api/provider/del', { ids: [id] }, sup);
  });

  it('a customer never sees the provider, its service, country or price limit', async () => {
    const goods = await s.post('/api/goods/data', {}, buyer.token);
    expect(goods.code).toBe(200);
    const store = await s.post('/api/store/data', {}, buyer.token);
    for (const answer of [goods, store]) {
      const text = JSON.stringify(answer);
      for (const secret of [
        'provider_id',
        'upstream_service',
        'upstream_country',
        'upstream_max_price',
        fake.url,
        fake.apiKey,
        '测试上游',
      ]) {
        expect(text.includes(secret), secret).toBe(false);
      }
    }
    expect((await s.post('/api/provider/data', {}, buyer.token)).code).toBe(403);
  });

  it('buys a number from the provider; its code reaches /api/code/<token>; reset and finish reach the provider', async () => {
    const before = await balanceOf(buyer.id);
    const bought = await buyOk(s, buyer.token, goodsId);
    expect(bought.tokens).toHaveLength(1);
    const t = bought.tokens[0];
    expect(t.identifier).toMatch(/^79\d{9}$/);
    expect(await balanceOf(buyer.id)).toBe(before - 100);
    const a = await activationOf(t.id);
    expect(a.phone).toBe(t.identifier);
    expect(calls('getNumber').at(-1)!.params).toMatchObject({ service: 'tg', country: '0', maxPrice: '1.00' });
    expect(calls('setStatus').at(-1)!.params).toMatchObject({ id: String(a.id), status: '1' });

    expect((await s.get(`/api/code/${t.token}`)).data.code).toBe(null);
    await s.app.jobs.runNow('upstream-poll');
    expect((await s.get(`/api/code/${t.token}`)).data.code).toBe(null);
    fake.deliver(a.id, '481516');
    await s.app.jobs.runNow('upstream-poll');
    const read = await s.get(`/api/code/${t.token}`);
    // One receive per arming (the product's receive limit): used up until 重提.
    expect(read.data).toMatchObject({ state: 'used_up', identifier: t.identifier, code: '481516' });
    const message = await db().selectFrom('messages').selectAll().where('token_id', '=', t.id).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ source: 'upstream', recipient: t.identifier });
    // Polled again: the same code is not delivered twice.
    await s.app.jobs.runNow('upstream-poll');
    expect(Number((await link(t.id)).code_count)).toBe(1);

    // 重提 → setStatus 3 upstream; the next code arrives the same way.
    expect((await s.post('/api/token/reset', { id: t.id }, buyer.token)).code).toBe(200);
    await s.app.jobs.runNow('upstream-poll');
    expect(calls('setStatus').at(-1)!.params).toMatchObject({ id: String(a.id), status: '3' });
    expect(a.state).toBe('wait_retry');
    fake.deliver(a.id, '902211');
    await s.app.jobs.runNow('upstream-poll');
    expect((await s.get(`/api/code/${t.token}`)).data.code).toBe('902211');

    // Expired here with codes: the provider is told the activation is complete (6).
    s.clock.advance(25 * 60 * MINUTE);
    await s.app.jobs.runNow('upstream-poll');
    s.clock.reset();
    expect(calls('setStatus').at(-1)!.params).toMatchObject({ id: String(a.id), status: '6' });
    expect(a.state).toBe('finished');
    expect((await link(t.id)).upstream_state).toBe('done');
    await expectBooksBalance(s, sup);
  });

  it.each([
    ['NO_NUMBERS', '上游暂无可用号码', () => fake.setStock('tg', 0, 0.4)],
    [
      'NO_BALANCE',
      '上游账户余额不足',
      () => {
        fake.balance = 0.1;
      },
    ],
  ])('%s refunds the customer at once with a clear message', async (_word, text, arrange) => {
    arrange();
    const before = await balanceOf(buyer.id);
    const orders = await db().selectFrom('orders').select('id').execute();
    const r = await buy();
    expect(r.code).toBe(409);
    expect(r.message).toContain(text);
    expect(r.message).toContain('已全额退款');
    expect(await balanceOf(buyer.id)).toBe(before);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where(
        'id',
        'not in',
        orders.map((o) => o.id),
      )
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ state: 'refunded' });
    expect(Number(order.refunded)).toBe(Number(order.amount));
    const token = await db().selectFrom('tokens').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(token).toMatchObject({ state: 'refunded', upstream_state: 'failed' });
    expect((await refundsOf(Number(token.id))).map((l) => Number(l.amount))).toEqual([100]);
    fake.setStock('tg', 100, 0.4);
    fake.balance = 50;
    await expectBooksBalance(s, sup);
  });

  it('several units: one call each, and the units the provider refuses are refunded', async () => {
    fake.setStock('tg', 2, 0.4);
    const before = await balanceOf(buyer.id);
    const n = calls('getNumber').length;
    const bought = await buyOk(s, buyer.token, goodsId, 3);
    expect(bought.tokens).toHaveLength(2);
    expect(bought.tokens.every((t) => /^79\d+$/.test(t.identifier))).toBe(true);
    // The third call was refused; nothing after a refusal is called again.
    expect(calls('getNumber').length - n).toBe(3);
    expect(await balanceOf(buyer.id)).toBe(before - 200);
    const order = await db().selectFrom('orders').selectAll().where('id', '=', bought.order_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ state: 'partial' });
    expect(Number(order.refunded)).toBe(100);
    fake.setStock('tg', 100, 0.4);
    await expectBooksBalance(s, sup);
  });

  it("BAD_KEY refuses the purchase, refunds, and shows as the provider's last error", async () => {
    expect((await s.post('/api/provider/edit', { id: providerId, api_key: 'wrong-key' }, sup)).code).toBe(200);
    const before = await balanceOf(buyer.id);
    const r = await buy();
    expect(r.code).toBe(409);
    expect(r.message).toContain('上游 API 密钥无效');
    expect(await balanceOf(buyer.id)).toBe(before);
    const row = await provider();
    expect(row.last_error).toContain('BAD_KEY');
    expect(row.last_error_at).toBeTruthy();
    const refresh = await s.post('/api/provider/balance', { id: providerId }, sup);
    expect(refresh.code).toBe(409);
    expect(refresh.message).toContain('上游 API 密钥无效');
    expect((await s.post('/api/provider/edit', { id: providerId, api_key: fake.apiKey }, sup)).code).toBe(200);
    expect((await s.post('/api/provider/balance', { id: providerId }, sup)).code).toBe(200);
    expect((await provider()).last_error).toBe(null);
    await expectBooksBalance(s, sup);
  });

  it('a key sealed under another DEVICE_SECRET_KEY: the purchase is refunded, nothing is asked of the provider, the sup reads why', async () => {
    const sealed = async () =>
      (await db().selectFrom('providers').select('api_key').where('id', '=', providerId).executeTakeFirstOrThrow()).api_key;
    const good = await sealed();
    const foreign = secretBox({ secretKey: 'another-machine-secret-key', dataDir: '' }).seal(fake.apiKey);
    await db().updateTable('providers').set({ api_key: foreign }).where('id', '=', providerId).execute();
    const before = await balanceOf(buyer.id);
    const asked = fake.requests.length;
    const r = await buy(2);
    expect(r.code, r.message).toBe(409);
    expect(r.message).toContain('无法解密');
    expect(await balanceOf(buyer.id)).toBe(before);
    expect(fake.requests.length).toBe(asked);
    expect((await provider()).last_error).toContain('无法解密');
    expect((await s.post('/api/provider/balance', { id: providerId }, sup)).code).toBe(409);
    await db().updateTable('providers').set({ api_key: good }).where('id', '=', providerId).execute();
    expect((await s.post('/api/provider/balance', { id: providerId }, sup)).code).toBe(200);
    await expectBooksBalance(s, sup);
  });

  it('a slow answer (bought, answer lost) is reconciled onto the link, never bought again', async () => {
    fake.fault('getNumber', { kind: 'slow', ms: 2500 });
    const n = calls('getNumber').length;
    const bought = await buyOk(s, buyer.token, goodsId);
    const t = bought.tokens[0];
    expect(t.identifier).toBe('');
    expect((await link(t.id)).upstream_state).toBe('pending');
    expect((await provider()).last_error).toContain('timeout');
    await s.app.jobs.runNow('upstream-reconcile');
    const after = await link(t.id);
    expect(after).toMatchObject({ state: 'active', upstream_state: 'waiting' });
    expect(after.identifier).toMatch(/^79\d+$/);
    expect(calls('getNumber').length - n).toBe(1);
    expect(calls('getActiveActivations').length).toBeGreaterThan(0);
    const a = await activationOf(t.id);
    expect(a.phone).toBe(after.identifier);
    fake.deliver(a.id, '777123');
    await s.app.jobs.runNow('upstream-poll');
    expect((await s.get(`/api/code/${t.token}`)).data.code).toBe('777123');
    await expectBooksBalance(s, sup);
  });

  it('a failed call (nothing bought, 5xx or a dropped connection) is reconciled into a refund', async () => {
    fake.fault('getNumber', { kind: 'http500', applyEffect: false });
    fake.fault('getNumber', { kind: 'drop', applyEffect: false });
    const before = await balanceOf(buyer.id);
    const first = (await buyOk(s, buyer.token, goodsId)).tokens[0];
    const second = (await buyOk(s, buyer.token, goodsId)).tokens[0];
    expect(await balanceOf(buyer.id)).toBe(before - 200);
    const n = calls('getNumber').length;
    await s.app.jobs.runNow('upstream-reconcile');
    expect(calls('getNumber').length).toBe(n);
    for (const t of [first, second]) {
      expect(await link(t.id)).toMatchObject({ state: 'refunded', upstream_state: 'failed' });
      expect(await refundsOf(t.id)).toHaveLength(1);
    }
    expect(await balanceOf(buyer.id)).toBe(before);
    await s.app.jobs.runNow('upstream-reconcile');
    expect(await refundsOf(first.id)).toHaveLength(1);
    await expectBooksBalance(s, sup);
  });

  it('no code within the wait window: setStatus 8 upstream and one refund', async () => {
    const t = (await buyOk(s, buyer.token, goodsId)).tokens[0];
    const a = await activationOf(t.id);
    s.clock.advance(9 * MINUTE);
    await s.app.jobs.runNow('upstream-poll');
    expect(a.state).toBe('wait_code');
    s.clock.advance(2 * MINUTE);
    await s.app.jobs.runNow('upstream-poll');
    await s.app.jobs.runNow('token-auto-refund');
    await s.app.jobs.runNow('upstream-poll');
    s.clock.reset();
    expect(a.state).toBe('cancelled');
    expect(calls('setStatus').filter((c) => c.params.id === String(a.id) && c.params.status === '8')).toHaveLength(1);
    expect(await link(t.id)).toMatchObject({ state: 'refunded', upstream_state: 'done' });
    expect((await refundsOf(t.id)).map((l) => Number(l.amount))).toEqual([100]);
    await expectBooksBalance(s, sup);
  });

  it('the auto-refund job refunding first still cancels upstream, once', async () => {
    const t = (await buyOk(s, buyer.token, goodsId)).tokens[0];
    const a = await activationOf(t.id);
    s.clock.advance(11 * MINUTE);
    await s.app.jobs.runNow('token-auto-refund');
    await s.app.jobs.runNow('upstream-poll');
    await s.app.jobs.runNow('upstream-poll');
    s.clock.reset();
    expect(a.state).toBe('cancelled');
    expect(calls('setStatus').filter((c) => c.params.id === String(a.id) && c.params.status === '8')).toHaveLength(1);
    expect(await refundsOf(t.id)).toHaveLength(1);
    await expectBooksBalance(s, sup);
  });

  it('a provider in use cannot be deleted; a disabled one refuses purchases before any money moves', async () => {
    const del = await s.post('/api/provider/del', { ids: [providerId] }, sup);
    expect(del.code).toBe(409);
    expect((await s.post('/api/provider/edit', { id: providerId, enabled: false }, sup)).code).toBe(200);
    const before = await s.snapshot();
    const r = await buy();
    expect(r.code).toBe(409);
    expect(r.message).toContain('上游渠道已停用');
    expect(await s.snapshot()).toBe(before);
    expect((await s.post('/api/provider/edit', { id: providerId, enabled: true }, sup)).code).toBe(200);
  });
});
