/**
 * Pay orders against a customer who tries to hog the unique amounts (creating and cancelling in a
 * loop) or to get past the open-orders limit by asking many times at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds } from '../../helpers/server.js';
import { SOLIDIFY_MS } from '../../helpers/trongrid.js';
import { SHOP, usdtWorld, type UsdtWorld } from '../fixtures/usdt.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(dbKinds)('USDT pay orders under abuse on %s', (kind) => {
  let w: UsdtWorld;
  beforeAll(async () => {
    w = await usdtWorld(kind);
  });
  afterAll(async () => {
    await w.books();
    await w.close();
  });

  const create = (token: string, amount: number | string) => w.s.post('/api/usdt/create', { amount }, token);
  const cancel = async (token: string, id: number) => expect((await w.s.post('/api/usdt/cancel', { id }, token)).code).toBe(200);
  const ordersOf = (userId: number) =>
    w.s.database.db.selectFrom('usdt_orders').select(['id', 'state', 'amount']).where('user_id', '=', userId).execute();

  it('100 creates and cancels in a row by one customer stop at the hourly limit; others still get the amount', async () => {
    const mallory = await w.customer('mallory_usdt');
    const codes: number[] = [];
    let refusal = '';
    for (let i = 0; i < 100; i += 1) {
      const r = await create(mallory.token, 30);
      codes.push(r.code);
      if (r.code === 200) await cancel(mallory.token, r.data.id);
      else refusal = r.message;
    }
    expect(codes).toEqual([...Array(10).fill(200), ...Array(90).fill(429)]);
    expect(chinese(refusal)).toBe(true);
    expect(refusal).toContain('每小时最多');
    expect(await ordersOf(mallory.id)).toHaveLength(10);

    const before = await w.s.snapshot();
    expect((await create(mallory.token, 31)).code).toBe(429);
    expect(await w.s.snapshot()).toBe(before);

    const bob = await w.customer('bob_usdt');
    const bobs = await create(bob.token, 30);
    expect(bobs.code, bobs.message).toBe(200);
    expect(bobs.data.amount).toBeGreaterThanOrEqual(30);
    expect(bobs.data.amount).toBeLessThan(31);
    await cancel(bob.token, bobs.data.id);

    // An hour after the first of them, the window has room again.
    w.s.clock.advance(60 * MINUTE);
    const again = await create(mallory.token, 30);
    expect(again.code, again.message).toBe(200);
    await cancel(mallory.token, again.data.id);
  });

  it("the hourly limit is the sup's setting", async () => {
    expect((await w.s.get('/api/usdt/config', w.sup)).data.orders_per_hour).toBe(10);
    expect((await w.s.post('/api/usdt/config/edit', { orders_per_hour: 2 }, w.sup)).data.orders_per_hour).toBe(2);
    const eve = await w.customer('eve_usdt');
    for (let i = 0; i < 2; i += 1) await cancel(eve.token, (await w.order(eve.token, 12)).id);
    const third = await create(eve.token, 12);
    expect(third.code).toBe(429);
    expect(third.message).toContain('每小时最多新建 2 个');
    const bad = await w.s.post('/api/usdt/config/edit', { orders_per_hour: 0 }, w.sup);
    expect(bad.code).toBe(400);
    expect(bad.data.errors.orders_per_hour).toBeTruthy();
    expect((await w.s.post('/api/usdt/config/edit', { orders_per_hour: 10 }, w.sup)).code).toBe(200);
  });

  it("a cancelled order's amount is free again 30 s after the cancel, and each payment goes to its own order", async () => {
    const alice = await w.customer('alice_usdt');
    const bob = await w.customer('bob_usdt2');
    const carol = await w.customer('carol_usdt');
    const first = await w.order(alice.token, 40);
    expect(first.amount).toBe(40);
    // Alice pays, then cancels before the watcher has read the payment.
    w.s.clock.advance(10 * SECOND);
    const alicePaid = w.chain.transfer({ to: SHOP, usdt: 40 });
    w.s.clock.advance(10 * SECOND);
    await cancel(alice.token, first.id);

    // Within 30 s of the cancel a payment could still carry a block time inside Alice's window: held.
    w.s.clock.advance(SECOND);
    const held = await w.order(bob.token, 40);
    expect(held.amount).toBe(40.01);
    // After that, no block time can fall in both windows: the amount goes to a new order.
    w.s.clock.advance(30 * SECOND);
    const second = await w.order(carol.token, 40);
    expect(second.amount).toBe(40);

    w.s.clock.advance(20 * SECOND);
    const carolPaid = w.chain.transfer({ to: SHOP, usdt: 40 });
    w.s.clock.advance(10 * SECOND);
    await w.poll();
    w.s.clock.advance(SOLIDIFY_MS + 3 * SECOND);
    await w.poll();
    expect(await w.detail(alice.token, first.id)).toMatchObject({ state: 'paid', tx_hash: alicePaid });
    expect(await w.detail(carol.token, second.id)).toMatchObject({ state: 'paid', tx_hash: carolPaid });
    expect(await w.detail(bob.token, held.id)).toMatchObject({ state: 'waiting', tx_hash: null });
    expect([await w.balance(alice.token), await w.balance(carol.token), await w.balance(bob.token)]).toEqual([40, 40, 0]);
    expect((await w.s.post('/api/transfer/data', {}, w.sup)).data.total).toBe(0);
    await cancel(bob.token, held.id);
  });

  it('20 creates at once by one customer (two processes): exactly 3 waiting orders and 17 clear refusals', async () => {
    const peer = await w.s.peer();
    const dave = await w.customer('dave_usdt');
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? peer : w.s).post('/api/usdt/create', { amount: 50 + (i % 4) }, dave.token)),
    );
    const codes = made.map((r) => r.code).sort();
    expect(codes).toEqual([...Array(3).fill(200), ...Array(17).fill(409)]);
    for (const r of made.filter((x) => x.code === 409)) expect(r.message).toBe('您已有 3 个待支付的充值订单，请先完成或取消后再试');
    const rows = await ordersOf(dave.id);
    expect(rows.map((o) => o.state)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(new Set(rows.map((o) => Number(o.amount))).size).toBe(3);
  });
});
