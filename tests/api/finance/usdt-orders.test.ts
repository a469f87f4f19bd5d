/** Pay orders (unique amounts, limits, expiry, cancel, who sees what) and the sup's USDT settings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, localTime } from '../../helpers/server.js';
import { tronAddress } from '../../helpers/trongrid.js';
import { API_KEY, SHOP, T0, usdtWorld, type UsdtWorld } from '../fixtures/usdt.js';

const MINUTE = 60_000;

describe.each(dbKinds)('USDT pay orders on %s', (kind) => {
  let w: UsdtWorld;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  beforeAll(async () => {
    // Two customers make a hundred orders here: the hourly limit is the other file's subject.
    w = await usdtWorld(kind, { min_amount: 5, max_amount: 2000, expire_minutes: 15, grace_minutes: 60, orders_per_hour: 1000 });
    alice = await w.customer('alice_usdt');
    bob = await w.customer('bob_usdt');
  });
  afterAll(async () => {
    await w.books();
    await w.close();
  });

  const cancelAll = async (token: string) => {
    const open = (await w.s.post('/api/usdt/data', { state: 'waiting' }, token)).data.list;
    for (const o of open) expect((await w.s.post('/api/usdt/cancel', { id: o.id }, token)).code).toBe(200);
  };

  it('tells customers the rules: open, bounds, expiry, network', async () => {
    const r = await w.s.get('/api/usdt/options', alice.token);
    expect(r.data).toEqual({
      enabled: true,
      min_amount: 5,
      max_amount: 2000,
      expire_minutes: 15,
      wait_confirm: true,
      network: 'TRC20',
      chains: [{ chain: 'trc20', network: 'TRC20', address: SHOP, wait_confirm: true }],
    });
  });

  it('a new order: exact amount, our address, expiry in 15 minutes, waiting', async () => {
    w.s.clock.freeze(T0 + MINUTE);
    const r = await w.s.post('/api/usdt/create', { amount: '88.5' }, alice.token);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      amount: 88.5,
      requested: 88.5,
      address: SHOP,
      state: 'waiting',
      network: 'TRC20',
      expires_at: localTime(T0 + 16 * MINUTE),
      expires_in: 900,
    });
    w.s.clock.advance(MINUTE);
    expect((await w.detail(alice.token, r.data.id)).expires_in).toBe(840);
    await cancelAll(alice.token);
  });

  it('the same amount asked again gets the next free cent, never one an open or recently expired order holds', async () => {
    const a1 = await w.order(alice.token, 100);
    const b1 = await w.order(bob.token, 100);
    const a2 = await w.order(alice.token, '100.01');
    expect([a1.amount, b1.amount, a2.amount]).toEqual([100, 100.01, 100.02]);
    // Expired 30 minutes ago (inside the 60-minute grace window): still held.
    w.s.clock.advance(45 * MINUTE);
    expect((await w.detail(alice.token, a1.id)).state).toBe('expired');
    expect((await w.order(bob.token, 100)).amount).toBe(100.03);
    // Past expiry plus grace, the amounts are free again (the order made 45 minutes ago still holds its own).
    w.s.clock.advance(31 * MINUTE);
    expect((await w.order(alice.token, 100)).amount).toBe(100);
    await cancelAll(alice.token);
    await cancelAll(bob.token);
  });

  // About 250 calls: a minute or more on a loaded machine, so its bound is well past that.
  it('after 100 taken amounts: a clear "busy, try again", and nothing written', async () => {
    for (let i = 0; i < 34; i += 1) {
      const token = i % 2 ? alice.token : bob.token;
      for (let j = 0; j < 3 && i * 3 + j < 100; j += 1) await w.order(token, 7);
      await cancelAll(token); // a cancelled order keeps its amount for 30 s, and the clock stands still here
    }
    const before = await w.s.snapshot();
    const r = await w.s.post('/api/usdt/create', { amount: 7 }, alice.token);
    expect(r.code).toBe(409);
    expect(r.message).toMatch(/稍后再试/);
    expect(await w.s.snapshot()).toBe(before);
    // 7.00 to 7.99 are all held: 7.50 finds 8.00, and other amounts are free as ever.
    expect((await w.order(alice.token, '7.5')).amount).toBe(8);
    expect((await w.order(alice.token, 9)).amount).toBe(9);
    await cancelAll(alice.token);
  }, 240_000);

  it('orders made at once through two processes never share an amount', async () => {
    const peer = await w.s.peer();
    const made = await Promise.all(
      [alice, bob, alice, bob, alice, bob].map((c, i) => (i % 2 ? peer : w.s).post('/api/usdt/create', { amount: 30 }, c.token)),
    );
    expect(made.map((r) => r.code)).toEqual(Array(6).fill(200));
    expect(made.map((r) => r.data.amount).sort()).toEqual([30, 30.01, 30.02, 30.03, 30.04, 30.05]);
    await cancelAll(alice.token);
    await cancelAll(bob.token);
  });

  it('refuses amounts outside the bounds, a fourth open order, and any order while top-up is closed', async () => {
    for (const amount of [4.99, 2000.01]) {
      const r = await w.s.post('/api/usdt/create', { amount }, alice.token);
      expect(r.code).toBe(400);
      expect(r.message).toBe('充值金额应在 5.00 到 2000.00 USDT 之间');
      expect(r.data.errors.amount).toBeTruthy();
    }
    for (let i = 0; i < 3; i += 1) await w.order(alice.token, 20);
    const fourth = await w.s.post('/api/usdt/create', { amount: 20 }, alice.token);
    expect(fourth.code).toBe(409);
    expect(chinese(fourth.message)).toBe(true);
    await cancelAll(alice.token);

    expect((await w.s.post('/api/usdt/config/edit', { enabled: false }, w.sup)).code).toBe(200);
    const closed = await w.s.post('/api/usdt/create', { amount: 20 }, alice.token);
    expect(closed.code).toBe(409);
    expect(closed.message).toContain('暂未开放');
    expect((await w.s.get('/api/usdt/options', alice.token)).data.enabled).toBe(false);
    expect((await w.s.post('/api/usdt/config/edit', { enabled: true }, w.sup)).code).toBe(200);
  });

  it('a sup cannot make pay orders (403); a customer reads and cancels only their own (404 otherwise)', async () => {
    expect((await w.s.post('/api/usdt/create', { amount: 10 }, w.sup)).code).toBe(403);
    const mine = await w.order(alice.token, 10);
    expect((await w.s.get(`/api/usdt/detail?id=${mine.id}`, bob.token)).code).toBe(404);
    const before = await w.s.snapshot();
    expect((await w.s.post('/api/usdt/cancel', { id: mine.id }, bob.token)).code).toBe(404);
    expect(await w.s.snapshot()).toBe(before);
    expect((await w.s.get(`/api/usdt/detail?id=${mine.id}`, w.sup)).data.state).toBe('waiting');
    const bobs = (await w.s.post('/api/usdt/data', {}, bob.token)).data.list;
    expect(bobs.every((o: Record<string, unknown>) => !('user_id' in o))).toBe(true);
    expect(bobs.some((o: Record<string, unknown>) => o.id === mine.id)).toBe(false);
    const all = (await w.s.post('/api/usdt/data', { user_id: alice.id }, w.sup)).data.list;
    expect(all[0]).toMatchObject({ id: mine.id, user_id: alice.id, user_id_label: 'alice_usdt', state: 'waiting' });

    const cancelled = await w.s.post('/api/usdt/cancel', { id: mine.id }, alice.token);
    expect(cancelled).toMatchObject({ code: 200, data: { state: 'cancelled', expires_in: 0 } });
    const again = await w.s.post('/api/usdt/cancel', { id: mine.id }, alice.token);
    expect(again.code).toBe(409);
    expect(again.message).toBe('订单已取消');
  });

  it('an expired order cannot be cancelled; a confirming one neither', async () => {
    const o = await w.order(alice.token, 12);
    w.s.clock.advance(16 * MINUTE);
    const late = await w.s.post('/api/usdt/cancel', { id: o.id }, alice.token);
    expect(late.code).toBe(409);
    expect(late.message).toContain('过期');
    expect((await w.detail(alice.token, o.id)).state).toBe('expired');

    const paying = await w.order(alice.token, 13);
    w.s.clock.advance(MINUTE);
    w.chain.transfer({ to: SHOP, usdt: paying.amount });
    await w.poll();
    const r = await w.s.post('/api/usdt/cancel', { id: paying.id }, alice.token);
    expect(r.code).toBe(409);
    expect(r.message).toContain('正在确认');
    w.s.clock.advance(2 * MINUTE);
    await w.poll();
    expect((await w.detail(alice.token, paying.id)).state).toBe('paid');
  });

  it('a payment for a cancelled order: credited if sent before the cancel, kept for the sup if after', async () => {
    const before = await w.order(bob.token, 14);
    const after = await w.order(bob.token, 15);
    w.s.clock.advance(MINUTE);
    const sentFirst = w.chain.transfer({ to: SHOP, usdt: before.amount });
    w.s.clock.advance(1000);
    await w.s.post('/api/usdt/cancel', { id: before.id }, bob.token);
    await w.s.post('/api/usdt/cancel', { id: after.id }, bob.token);
    w.s.clock.advance(1000);
    w.chain.transfer({ to: SHOP, usdt: after.amount });
    w.s.clock.advance(2 * MINUTE);
    await w.poll();
    expect(await w.detail(bob.token, before.id)).toMatchObject({ state: 'paid', tx_hash: sentFirst });
    expect((await w.detail(bob.token, after.id)).state).toBe('cancelled');
    const kept = (await w.s.post('/api/transfer/data', { reason: 'cancelled' }, w.sup)).data.list;
    expect(kept).toEqual([expect.objectContaining({ amount: 15, order_id: after.id })]);
  });
});

describe.each(dbKinds)('USDT settings on %s', (kind) => {
  let w: UsdtWorld;
  beforeAll(async () => {
    w = await usdtWorld(kind);
  });
  afterAll(async () => {
    await w.close();
  });

  it('are read back without the API key: only whether it is set and its last characters', async () => {
    const r = await w.s.get('/api/usdt/config', w.sup);
    expect(r.data).toMatchObject({
      enabled: true,
      address: SHOP,
      api_url: w.chain.url,
      min_amount: 1,
      max_amount: 5000,
      expire_minutes: 15,
      grace_minutes: 60,
      orders_per_hour: 10,
      wait_confirm: true,
      poll_seconds: 5,
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      api_key_set: true,
      api_key_hint: `••••${API_KEY.slice(-4)}`,
    });
    expect(r.data).not.toHaveProperty('api_key');
    expect(JSON.stringify(r.data)).not.toContain(API_KEY);
    expect(r.data.status).toMatchObject({ watching: 0, unmatched: 0 });
  });

  it('keep the key when it is left empty, replace it when given, remove it on request', async () => {
    expect((await w.s.post('/api/usdt/config/edit', { api_key: '', poll_seconds: 8 }, w.sup)).data).toMatchObject({
      api_key_set: true,
      poll_seconds: 8,
    });
    expect((await w.s.post('/api/usdt/config/edit', { api_key: 'another-key-9999' }, w.sup)).data.api_key_hint).toBe('••••9999');
    expect((await w.s.post('/api/usdt/config/edit', { clear_api_key: true }, w.sup)).data).toMatchObject({
      api_key_set: false,
      api_key_hint: null,
    });
    expect((await w.s.post('/api/usdt/config/edit', { api_key: API_KEY }, w.sup)).code).toBe(200);
  });

  it('check a TRON address with its checksum, and the settings together', async () => {
    const typo = `${SHOP.slice(0, 20)}${SHOP[20] === 'a' ? 'b' : 'a'}${SHOP.slice(21)}`;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ address: typo }, 'address', '收款地址校验失败，请检查是否有字符输错'],
      [{ address: '0x1234' }, 'address', '收款地址应为 T 开头的 34 位 TRON 地址'],
      [{ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6O' }, 'address', '收款地址应为 T 开头的 34 位 TRON 地址'],
      [{ min_amount: 100, max_amount: 50 }, 'min_amount', '最小充值金额不能大于最大充值金额'],
      [{ address: '' }, 'address', '开放充值前请先填写收款地址'],
      [{ poll_seconds: 1 }, 'poll_seconds', '查询间隔(秒)不能小于 3'],
      [{ api_url: 'ftp://x' }, 'api_url', 'API 地址应为 http(s):// 开头的网址'],
      [{ contract: tronAddress('x').slice(0, 33) + 'z' }, 'contract', expect.any(String) as unknown as string],
    ];
    for (const [body, field, message] of cases) {
      const before = await w.s.snapshot();
      const r = await w.s.post('/api/usdt/config/edit', body, w.sup);
      expect(r.code, JSON.stringify(body)).toBe(400);
      expect(r.data.errors[field]).toEqual(message);
      expect(chinese(r.message)).toBe(true);
      expect(await w.s.snapshot()).toBe(before);
    }
    const other = tronAddress('a new wallet');
    expect((await w.s.post('/api/usdt/config/edit', { address: other }, w.sup)).data.address).toBe(other);
  });
});
