/**
 * The chain watcher against a local TronGrid: a payment is seen within one poll, credited once after
 * it is confirmed, whatever repeats, fails or restarts in between; what matches nothing is kept.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../server/platform/context.js';
import { connect } from '../../../server/platform/db/connection.js';
import { IDLE_MS, usdtWatcher, watchRound } from '../../../server/finance/usdt/watcher.js';
import { dbKinds, type TestServer } from '../../helpers/server.js';
import { SOLIDIFY_MS, toValue, tronAddress, USDT_CONTRACT } from '../../helpers/trongrid.js';
import { API_KEY, SHOP, usdtWorld, type UsdtWorld } from '../fixtures/usdt.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(dbKinds)('USDT watcher on %s', (kind) => {
  let w: UsdtWorld;
  beforeEach(async () => {
    w = await usdtWorld(kind);
  });
  afterEach(async () => {
    await w.books();
    await w.close();
  });

  const recharges = (userId: number) => w.s.database.db.selectFrom('recharges').selectAll().where('user_id', '=', userId).execute();

  it('a normal payment: confirming within one poll, paid once confirmed, in one credit with its hash', async () => {
    const c = await w.customer('payer_one');
    const order = await w.order(c.token, 25);
    expect(order).toMatchObject({ amount: 25, address: SHOP, state: 'waiting' });
    w.s.clock.advance(40 * SECOND);
    const tx = w.chain.transfer({ to: SHOP, usdt: order.amount });
    expect(await w.poll()).toBe(true);
    expect(await w.detail(c.token, order.id)).toMatchObject({ state: 'confirming', tx_hash: tx });
    expect(await w.balance(c.token)).toBe(0);
    expect(await recharges(c.id)).toHaveLength(0);

    w.s.clock.advance(SOLIDIFY_MS + 3 * SECOND);
    await w.poll();
    const paid = await w.detail(c.token, order.id);
    expect(paid).toMatchObject({ state: 'paid', tx_hash: tx, amount: 25 });
    expect(paid.paid_at).toBeTruthy();
    expect(await w.balance(c.token)).toBe(25);
    const [record] = await recharges(c.id);
    expect(record).toMatchObject({ type: 'auto', amount: 2500, tx_hash: tx });
    const ledger = (await w.s.post('/api/finance/data', {}, c.token)).data.list;
    expect(ledger).toEqual([expect.objectContaining({ type: 'recharge_auto', amount: 25, balance_before: 0, balance_after: 25 })]);
    const listed = (await w.s.post('/api/recharge/data', {}, c.token)).data.list;
    expect(listed[0]).toMatchObject({ type: 'auto', amount: 25, tx_hash: tx });
    const stats = (await w.s.get('/api/statistics/index', w.sup)).data;
    expect(stats.admin).toMatchObject({ rechargeAuto: 25, recharge: 25, balance: 25, diff: 0 });

    // Asked as TronGrid wants: incoming USDT only, oldest first from a time, with the key; then confirmed ones.
    const asked = w.chain.requests.map((r) => r.query);
    expect(
      asked.every(
        (q) => q.only_to === 'true' && q.contract_address === USDT_CONTRACT && q.order_by === 'block_timestamp,asc' && q.limit === '200',
      ),
    ).toBe(true);
    expect(asked.every((q) => Number(q.min_timestamp) > 0)).toBe(true);
    expect(asked.some((q) => q.only_confirmed === 'true')).toBe(true);
    expect(asked.some((q) => q.only_confirmed === undefined)).toBe(true);
    expect(w.chain.requests.every((r) => r.apiKey === API_KEY && r.address === SHOP)).toBe(true);
  });

  it('polls every few seconds while an order waits or confirms, rarely otherwise; without waiting for confirmation credits at once', async () => {
    const ctx = { database: w.s.database, db: w.s.database.db, settings: w.s.settings, now: w.s.clock.now } as Ctx;
    const every = () => (usdtWatcher.everyMs as (c: Ctx) => Promise<number>)(ctx);
    expect(await every()).toBe(IDLE_MS);
    const c = await w.customer('payer_cadence');
    const order = await w.order(c.token, 9);
    expect(await every()).toBe(5000);
    expect((await w.s.post('/api/usdt/config/edit', { poll_seconds: 3 }, w.sup)).code).toBe(200);
    expect(await every()).toBe(3000);
    w.s.clock.advance(10 * SECOND);
    const tx = w.chain.transfer({ to: SHOP, usdt: order.amount, confirmed: false });
    await w.poll();
    expect((await w.detail(c.token, order.id)).state).toBe('confirming');
    expect(await every()).toBe(3000);
    // A transfer that does not solidify (it fell out of the chain): no hurry after half an hour, no credit.
    w.s.clock.advance(31 * MINUTE);
    await w.poll();
    expect(await every()).toBe(IDLE_MS);
    expect(await w.balance(c.token)).toBe(0);
    // Should it solidify after all, it is still credited (the slow poll keeps reading).
    w.chain.setConfirmed(tx, true);
    await w.poll();
    expect((await w.detail(c.token, order.id)).state).toBe('paid');

    expect((await w.s.post('/api/usdt/config/edit', { wait_confirm: false }, w.sup)).code).toBe(200);
    const quick = await w.order(c.token, 8);
    w.s.clock.advance(10 * SECOND);
    w.chain.transfer({ to: SHOP, usdt: quick.amount, confirmed: false });
    await w.poll();
    expect((await w.detail(c.token, quick.id)).state).toBe('paid');
    expect(await w.balance(c.token)).toBe(17);
    expect(w.chain.requests.at(-1)!.query.only_confirmed).toBeUndefined();
  });

  it('the same transfer on many polls (and in every overlap) is credited once', async () => {
    const c = await w.customer('payer_many');
    const order = await w.order(c.token, '12.5');
    w.s.clock.advance(10 * SECOND);
    w.chain.transfer({ to: SHOP, usdt: order.amount });
    for (let i = 0; i < 4; i += 1) await w.poll();
    w.s.clock.advance(SOLIDIFY_MS);
    for (let i = 0; i < 6; i += 1) {
      await w.poll();
      w.s.clock.advance(5 * SECOND);
    }
    expect((await w.detail(c.token, order.id)).state).toBe('paid');
    expect(await w.balance(c.token)).toBe(12.5);
    expect(await recharges(c.id)).toHaveLength(1);
    expect((await w.s.post('/api/transfer/data', {}, w.sup)).data.total).toBe(0);
  });

  it('two app instances (two processes) polling at once credit a payment once', async () => {
    const other = await w.s.peer();
    const c = await w.customer('payer_two');
    const orders = [await w.order(c.token, 30), await w.order(c.token, 30)];
    expect(orders.map((o) => o.amount)).toEqual([30, 30.01]);
    w.s.clock.advance(20 * SECOND);
    for (const o of orders) w.chain.transfer({ to: SHOP, usdt: o.amount });
    w.s.clock.advance(SOLIDIFY_MS + SECOND);
    const rounds = await Promise.all([0, 1, 2].flatMap(() => [w.poll(), other.app.jobs.runNow('usdt-watcher')]));
    // One process held the watcher's lease; the other stood aside.
    expect(rounds.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    w.s.clock.advance(40 * SECOND); // the lease outlives a dead holder by 30 s at least
    await Promise.all([w.poll(), other.app.jobs.runNow('usdt-watcher')]);
    for (const o of orders) expect((await w.detail(c.token, o.id)).state).toBe('paid');
    expect(await w.balance(c.token)).toBe(60.01);
    expect(await recharges(c.id)).toHaveLength(2);
  });

  it('two rounds at once without the lease (a holder that outlived it) still credit once; the API key never reaches the log', async () => {
    const other = await secondConnection(w.s);
    const logged: unknown[] = [];
    const log = {
      error: (...a: unknown[]) => logged.push(a),
      warn: (...a: unknown[]) => logged.push(a),
      info() {},
      debug() {},
      trace() {},
      fatal() {},
      child: () => log,
    } as unknown as Ctx['log'];
    const ctxOf = (database: typeof other): Ctx => ({ database, db: database.db, settings: w.s.settings, now: w.s.clock.now, log });
    try {
      const c = await w.customer('payer_race');
      const orders = [await w.order(c.token, 10), await w.order(c.token, 10), await w.order(c.token, 11)];
      w.s.clock.advance(10 * SECOND);
      for (const o of orders) w.chain.transfer({ to: SHOP, usdt: o.amount });
      w.chain.transfer({ to: SHOP, usdt: '3.3' });
      w.s.clock.advance(SOLIDIFY_MS);
      const rounds = await Promise.allSettled([0, 1, 2].flatMap(() => [watchRound(ctxOf(w.s.database)), watchRound(ctxOf(other))]));
      expect(rounds.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
      for (const o of orders) expect((await w.detail(c.token, o.id)).state).toBe('paid');
      expect(await w.balance(c.token)).toBe(31.01);
      expect(await recharges(c.id)).toHaveLength(3);
      expect((await w.s.post('/api/transfer/data', {}, w.sup)).data.total).toBe(1);

      w.chain.failures.push({ status: 429 });
      w.s.clock.advance(5 * SECOND);
      await watchRound(ctxOf(other));
      const text = JSON.stringify(logged);
      expect(text).toContain('429');
      expect(text).toContain('3.3'); // the unmatched transfer was logged as a warning
      expect(text).not.toContain(API_KEY);
      expect(JSON.stringify((await w.s.get('/api/usdt/config', w.sup)).data)).not.toContain(API_KEY);
    } finally {
      await other.close();
    }
  });

  it('an amount short by an exchange fee is kept unmatched, and a sup attaches it once', async () => {
    const c = await w.customer('payer_short');
    const order = await w.order(c.token, 100);
    w.s.clock.advance(MINUTE);
    const tx = w.chain.transfer({ to: SHOP, usdt: '99', from: tronAddress('an exchange hot wallet') });
    w.s.clock.advance(SOLIDIFY_MS);
    await w.poll();
    expect((await w.detail(c.token, order.id)).state).toBe('waiting');
    expect(await w.balance(c.token)).toBe(0);
    const list = await w.s.post('/api/transfer/data', { state: 'unmatched' }, w.sup);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        tx_hash: tx,
        amount: 99,
        value: toValue(99),
        from: tronAddress('an exchange hot wallet'),
        reason: 'no_order',
        state: 'unmatched',
      }),
    ]);
    const id = list.data.list[0].id;

    const attached = await w.s.post('/api/transfer/attach', { id, user_id: c.id }, w.sup);
    expect(attached.code, attached.message).toBe(200);
    expect(attached.message).toContain('payer_short');
    expect(await w.balance(c.token)).toBe(99);
    const again = await w.s.post('/api/transfer/attach', { id, user_id: c.id }, w.sup);
    expect(again.code).toBe(409);
    expect(await w.balance(c.token)).toBe(99);
    expect((await w.s.get(`/api/transfer/detail?id=${id}`, w.sup)).data).toMatchObject({
      state: 'attached',
      user_id: c.id,
      user_id_label: 'payer_short',
    });
    const [record] = await recharges(c.id);
    expect(record).toMatchObject({ type: 'auto', amount: 9900, tx_hash: tx });
    // Seen again on later polls, it stays as it is.
    await w.poll();
    w.s.clock.advance(MINUTE);
    await w.poll();
    expect(await w.balance(c.token)).toBe(99);
  });

  it('a payment made after expiry is kept for the sup; one made before expiry but seen late is credited', async () => {
    const c = await w.customer('payer_late');
    const late = await w.order(c.token, 40);
    const early = await w.order(c.token, 41);
    w.s.clock.advance(14 * MINUTE);
    const onTime = w.chain.transfer({ to: SHOP, usdt: early.amount }); // the watcher is down: nobody polls
    w.s.clock.advance(2 * MINUTE);
    const tooLate = w.chain.transfer({ to: SHOP, usdt: late.amount });
    w.s.clock.advance(SOLIDIFY_MS);
    await w.poll();
    expect(await w.detail(c.token, late.id)).toMatchObject({ state: 'expired', tx_hash: null });
    expect(await w.detail(c.token, early.id)).toMatchObject({ state: 'paid', tx_hash: onTime });
    expect(await w.balance(c.token)).toBe(41);
    const kept = (await w.s.post('/api/transfer/data', {}, w.sup)).data.list;
    expect(kept).toEqual([expect.objectContaining({ tx_hash: tooLate, reason: 'late', order_id: late.id, amount: 40 })]);
  });

  it('approvals, outgoing transfers and other tokens to the address are ignored, even if TronGrid does not filter them', async () => {
    const c = await w.customer('payer_noise');
    const order = await w.order(c.token, 15);
    w.s.clock.advance(10 * SECOND);
    const fakeToken = tronAddress('a token that calls itself USDT');
    w.chain.transfer({ to: SHOP, usdt: order.amount, type: 'Approval', from: tronAddress('approver') });
    w.chain.transfer({ from: SHOP, to: tronAddress('a supplier'), usdt: order.amount });
    w.chain.transfer({ to: SHOP, usdt: order.amount, contract: fakeToken });
    w.chain.ignore.onlyTo = true;
    w.chain.ignore.contract = true;
    w.s.clock.advance(SOLIDIFY_MS);
    await w.poll();
    w.s.clock.advance(5 * SECOND);
    await w.poll();
    expect((await w.detail(c.token, order.id)).state).toBe('waiting');
    expect(await w.balance(c.token)).toBe(0);
    expect((await w.s.post('/api/transfer/data', {}, w.sup)).data.total).toBe(0);
    // The real payment still goes through.
    w.chain.transfer({ to: SHOP, usdt: order.amount });
    w.s.clock.advance(SOLIDIFY_MS);
    await w.poll();
    expect(await w.balance(c.token)).toBe(15);
  });

  it('429 and 500 answers and timeouts back off, show on the settings screen, and lose nothing', async () => {
    const c = await w.customer('payer_busy');
    const order = await w.order(c.token, 20);
    w.s.clock.advance(10 * SECOND);
    w.chain.transfer({ to: SHOP, usdt: order.amount });
    w.s.clock.advance(SOLIDIFY_MS);

    w.chain.failures.push({ status: 429 });
    await w.poll();
    let status = (await w.s.get('/api/usdt/config', w.sup)).data.status.addresses[0];
    expect(status.last_error).toContain('429');
    expect(status.retry_at).toBeTruthy();
    const asked = w.chain.requests.length;
    w.s.clock.advance(20 * SECOND);
    await w.poll(); // still inside TronGrid's 30 s block: not asked again
    expect(w.chain.requests.length).toBe(asked);
    expect((await w.detail(c.token, order.id)).state).toBe('waiting');

    w.s.clock.advance(11 * SECOND);
    w.chain.failures.push({ status: 500 }, 'hang');
    await w.poll();
    status = (await w.s.get('/api/usdt/config', w.sup)).data.status.addresses[0];
    expect(status).toMatchObject({ failures: 2 });
    expect(status.last_error).toContain('500');
    w.s.clock.advance(5 * MINUTE);
    await w.poll();
    status = (await w.s.get('/api/usdt/config', w.sup)).data.status.addresses[0];
    expect(status).toMatchObject({ failures: 3 });
    expect(status.last_error).toContain('超时');
    w.s.clock.advance(5 * MINUTE);

    await w.poll();
    status = (await w.s.get('/api/usdt/config', w.sup)).data.status.addresses[0];
    expect(status).toMatchObject({ failures: 0, last_error: null, retry_at: null });
    expect(status.last_ok_at).toBeTruthy();
    // The order expired meanwhile, but it was paid in time: credited.
    expect((await w.detail(c.token, order.id)).state).toBe('paid');
    expect(await w.balance(c.token)).toBe(20);
  });

  it('a restart between confirming and paid: the next process credits it from where the last stopped', async () => {
    const c = await w.customer('payer_restart');
    const order = await w.order(c.token, 33);
    w.s.clock.advance(30 * SECOND);
    const tx = w.chain.transfer({ to: SHOP, usdt: order.amount });
    await w.poll();
    expect((await w.detail(c.token, order.id)).state).toBe('confirming');
    await w.s.app.jobs.stop(); // this process stops (and gives up the watcher's lease)

    // While no process watches, more money arrives: for another order, and for nothing.
    const second = await w.order(c.token, 34);
    w.s.clock.advance(MINUTE);
    w.chain.transfer({ to: SHOP, usdt: second.amount });
    w.chain.transfer({ to: SHOP, usdt: '7.77' });
    w.s.clock.advance(2 * 60 * MINUTE);

    const next = await w.s.peer();
    expect(await next.app.jobs.runNow('usdt-watcher')).toBe(true);
    expect(await w.detail(c.token, order.id)).toMatchObject({ state: 'paid', tx_hash: tx });
    expect((await w.detail(c.token, second.id)).state).toBe('paid');
    expect(await w.balance(c.token)).toBe(67);
    expect((await w.s.post('/api/transfer/data', {}, w.sup)).data.list.map((t: Record<string, unknown>) => t.amount)).toEqual([7.77]);
  });

  it("a page boundary and TronGrid's 1000-record window: every payment on either side is credited", async () => {
    const c = await w.customer('payer_pages');
    const orders = [await w.order(c.token, 50), await w.order(c.token, 60), await w.order(c.token, 70)];
    const start = w.s.clock.now() + SECOND;
    const noise = (n: number, from: number) => {
      for (let i = 0; i < n; i += 1) w.chain.transfer({ to: SHOP, usdt: 1, type: 'Approval', at: from + i });
    };
    // 199 approvals, then two payments in the same millisecond: records 200 and 201, on pages 1 and 2.
    noise(199, start);
    w.chain.transfer({ to: SHOP, usdt: orders[0].amount, at: start + 500 });
    w.chain.transfer({ to: SHOP, usdt: orders[1].amount, at: start + 500 });
    // Then 900 more: the third payment is record 1102, past what one query may return.
    noise(900, start + 1000);
    w.chain.transfer({ to: SHOP, usdt: orders[2].amount, at: start + 5000 });
    w.s.clock.advance(10 * SECOND + SOLIDIFY_MS);
    await w.poll();
    for (const o of orders) expect((await w.detail(c.token, o.id)).state).toBe('paid');
    const confirmed = w.chain.requests.filter((r) => r.query.only_confirmed === 'true');
    // Paging keeps every other parameter; after 1000 records a new query starts where they ended.
    const starts = [...new Set(confirmed.map((r) => Number(r.query.min_timestamp)))];
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBe(start + 1000 + 798); // record 1000: the 799th approval of the second batch
    expect(confirmed.filter((r) => r.query.fingerprint).length).toBe(4);
    expect(await w.balance(c.token)).toBe(180);
  });
});

/** Another connection to the test's database, as another server process has. */
async function secondConnection(s: TestServer) {
  if (s.kind === 'sqlite') return connect({ dataDir: s.database.sqlite!.name.replace(/\/app\.db$/, '') });
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(s.database.db);
  return connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema: rows[0].s });
}
