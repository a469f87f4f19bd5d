/**
 * USDT on the EVM chains against local JSON-RPC nodes: a payment is credited once, only after its
 * confirmations; what matches nothing is kept with its chain; the block cursor survives a restart
 * without a gap or a block read twice; a node refusing the range gets smaller windows; a failing node
 * shows on the settings screen; a re-organised log credits nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbKinds } from '../../helpers/server.js';
import { evmAddress, units } from '../../helpers/evm-node.js';
import { evmWorld, POLYGON_CONFIRMATIONS, SHOP_BSC, SHOP_POLYGON, type EvmWorld } from './evm-world.js';

const SECOND = 1000;
const BSC_CONFIRMATIONS = 15;

describe.each(dbKinds)('USDT on EVM chains, watcher, on %s', (kind) => {
  let w: EvmWorld;
  beforeEach(async () => {
    w = await evmWorld(kind);
  });
  afterEach(async () => {
    await w.books();
    await w.close();
  });

  const recharges = (userId: number) => w.s.database.db.selectFrom('recharges').selectAll().where('user_id', '=', userId).execute();

  /** The ranges read follow each other: every block once, none skipped. */
  const expectContiguous = (ranges: Array<[number, number]>) => {
    for (let i = 1; i < ranges.length; i += 1) expect(ranges[i][0], `range ${i} starts where ${i - 1} ended`).toBe(ranges[i - 1][1] + 1);
  };

  it('a BEP20 payment (18 decimals) and a Polygon one are credited once each, after their confirmations and not before', async () => {
    const c = await w.customer('evm_payer');
    const bscOrder = await w.chainOrder(c.token, 25, 'bep20');
    expect(bscOrder).toMatchObject({
      chain: 'bep20',
      network: 'BEP20 (BSC)',
      address: SHOP_BSC.toLowerCase(),
      amount: 25,
      state: 'waiting',
    });
    const polyOrder = await w.chainOrder(c.token, '12.34', 'polygon');
    expect(polyOrder).toMatchObject({ chain: 'polygon', network: 'Polygon', address: SHOP_POLYGON, amount: 12.34 });
    await w.scan();

    w.s.clock.advance(30 * SECOND);
    const paidBsc = w.bsc.transfer({ to: SHOP_BSC, value: units(25, 18), from: evmAddress('alice wallet') });
    const paidPoly = w.polygon.transfer({ to: SHOP_POLYGON, value: units('12.34', 6) });
    w.bsc.mine(BSC_CONFIRMATIONS - 1);
    w.polygon.mine(POLYGON_CONFIRMATIONS - 1);
    await w.scan();
    expect((await w.detail(c.token, bscOrder.id)).state).toBe('waiting');
    expect((await w.detail(c.token, polyOrder.id)).state).toBe('waiting');
    expect(await w.balance(c.token)).toBe(0);

    w.bsc.mine(1);
    w.polygon.mine(1);
    await w.scan();
    const bscKey = `${paidBsc.txHash}:${paidBsc.logIndex}`;
    expect(await w.detail(c.token, bscOrder.id)).toMatchObject({ state: 'paid', tx_hash: bscKey });
    expect(await w.detail(c.token, polyOrder.id)).toMatchObject({ state: 'paid', tx_hash: `${paidPoly.txHash}:${paidPoly.logIndex}` });
    expect(await w.balance(c.token)).toBe(37.34);

    for (let i = 0; i < 3; i += 1) {
      w.bsc.mine(5);
      w.polygon.mine(5);
      await w.scan();
    }
    expect(await w.balance(c.token)).toBe(37.34);
    const rows = await recharges(c.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.tx_hash === bscKey)).toMatchObject({ type: 'auto', amount: 2500 });
    const ledger = (await w.s.post('/api/finance/data', {}, c.token)).data.list;
    expect(ledger.map((l: { remark: string }) => l.remark).sort()).toEqual([
      `USDT 充值（BEP20 (BSC)，订单 #${bscOrder.id}）`,
      `USDT 充值（Polygon，订单 #${polyOrder.id}）`,
    ]);
    const listed = (await w.s.post('/api/usdt/data', {}, c.token)).data.list;
    expect(listed.map((o: { chain: string }) => o.chain).sort()).toEqual(['bep20', 'polygon']);

    // Asked as docs/usdt-chains.md says: the contract, the Transfer topic, our address padded in topics[2].
    const asked = w.bsc.calls.filter((x) => x.method === 'eth_getLogs').map((x) => x.params[0] as Record<string, unknown>);
    expect(asked.length).toBeGreaterThan(0);
    for (const f of asked) {
      expect(String(f.address).toLowerCase()).toBe('0x55d398326f99059ff775485246999027b3197955');
      expect(f.topics).toEqual([
        '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        null,
        `0x${'0'.repeat(24)}${SHOP_BSC.slice(2).toLowerCase()}`,
      ]);
    }
    expectContiguous(w.bsc.logRanges());
    // Never past head − confirmations.
    expect(Math.max(...w.bsc.logRanges().map((r) => r[1]))).toBe(w.bsc.head - BSC_CONFIRMATIONS);
  });

  it('a transfer matching no order is kept in 未匹配转账 with its chain, once; two transfers in one transaction are two', async () => {
    const c = await w.customer('evm_stranger');
    await w.scan();
    w.s.clock.advance(10 * SECOND);
    const odd = w.bsc.transfer({ to: SHOP_BSC, value: units('7.5', 18), from: evmAddress('an exchange') });
    const second = w.bsc.transfer({ to: SHOP_BSC, value: units('2', 18), sameTxAs: odd.txHash });
    // Another token's transfer and a transfer to someone else are not ours.
    w.bsc.transfer({ to: SHOP_BSC, value: units('99', 18), contract: evmAddress('another token') });
    w.bsc.transfer({ to: evmAddress('someone else'), value: units('5', 18) });
    w.bsc.mine(BSC_CONFIRMATIONS);
    await w.scan();
    await w.scan();
    const list = (await w.s.post('/api/transfer/data', { chain: 'bep20' }, w.sup)).data;
    expect(list.total).toBe(2);
    expect(list.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          chain: 'bep20',
          tx_hash: `${odd.txHash}:${odd.logIndex}`,
          amount: 7.5,
          value: units('7.5', 18).toString(),
          from: evmAddress('an exchange'),
          reason: 'no_order',
          state: 'unmatched',
        }),
        expect.objectContaining({ chain: 'bep20', tx_hash: `${odd.txHash}:${second.logIndex}`, amount: 2 }),
      ]),
    );
    expect((await w.s.post('/api/transfer/data', { chain: 'trc20' }, w.sup)).data.total).toBe(0);
    // A sup attaches it as they do a TRC20 one.
    const id = list.list.find((t: { amount: number }) => t.amount === 7.5).id;
    expect((await w.s.post('/api/transfer/attach', { id, user_id: c.id }, w.sup)).code).toBe(200);
    expect(await w.balance(c.token)).toBe(7.5);
  });

  it('a restart (another server on the same data) carries on from the stored cursor: no block skipped or read twice, credited once', async () => {
    const c = await w.customer('evm_restart');
    const order = await w.chainOrder(c.token, 40, 'bep20');
    await w.scan();
    w.s.clock.advance(20 * SECOND);
    w.bsc.mine(200);
    await w.scan();
    const paid = w.bsc.transfer({ to: SHOP_BSC, value: units(40, 18) });
    w.bsc.mine(BSC_CONFIRMATIONS + 300);
    // The first server stops; a second one opens the same database and runs the chain's watcher.
    const other = await w.s.peer();
    w.s.clock.advance(61 * SECOND); // the first server's lease on the job runs out
    expect(await other.app.jobs.runNow('usdt-watcher-bep20')).toBe(true);
    expect(await w.detail(c.token, order.id)).toMatchObject({ state: 'paid', tx_hash: `${paid.txHash}:${paid.logIndex}` });
    w.bsc.mine(50);
    await w.scan();
    w.bsc.mine(50);
    expect(await other.app.jobs.runNow('usdt-watcher-bep20')).toBe(true);
    const ranges = w.bsc.logRanges();
    expectContiguous(ranges);
    expect(ranges.at(-1)![1]).toBe(w.bsc.head - BSC_CONFIRMATIONS);
    expect(await recharges(c.id)).toHaveLength(1);
    expect(await w.balance(c.token)).toBe(40);
    expect(await w.chainStatus('bep20')).toMatchObject({ cursor: w.bsc.head - BSC_CONFIRMATIONS, behind: 0, last_error: null });
  });

  it('a node refusing the block range gets smaller windows, kept, and every block is still read once', async () => {
    const c = await w.customer('evm_ranges');
    const order = await w.chainOrder(c.token, 15, 'polygon');
    w.polygon.maxRange = 300;
    w.s.clock.advance(10 * SECOND);
    const paid = w.polygon.transfer({ to: SHOP_POLYGON, value: units(15, 6) });
    w.polygon.mine(POLYGON_CONFIRMATIONS);
    await w.scan();
    expect(await w.detail(c.token, order.id)).toMatchObject({ state: 'paid', tx_hash: `${paid.txHash}:${paid.logIndex}` });
    const ranges = w.polygon.logRanges();
    const sizes = ranges.map(([a, b]) => b - a + 1);
    expect(sizes.slice(0, 2)).toEqual([1000, 500]); // refused
    expect(sizes.slice(2).every((n) => n <= 250)).toBe(true);
    expectContiguous(ranges.slice(2));
    expect(ranges[2][0]).toBe(ranges[0][0]);
    expect(await w.chainStatus('polygon')).toMatchObject({ span: 250, last_error: null, behind: 0 });
    // The next round starts with the smaller window at once.
    w.polygon.mine(600);
    const before = ranges.length;
    await w.scan();
    expect(
      w.polygon
        .logRanges()
        .slice(before)
        .every(([a, b]) => b - a + 1 <= 250),
    ).toBe(true);
  });

  it('a node that fails, rate-limits or lags shows its state on the settings screen, backs off, and recovers', async () => {
    const c = await w.customer('evm_errors');
    const order = await w.chainOrder(c.token, 9, 'bep20');
    w.bsc.failures.push({ status: 429 });
    await w.scan();
    let status = await w.chainStatus('bep20');
    expect(status).toMatchObject({ chain: 'bep20', network: 'BEP20 (BSC)', failures: 1 });
    expect(status.last_error).toContain('限流');
    expect(status.retry_at).toBeTruthy();
    // Backing off: no call while paused.
    const calls = w.bsc.calls.length;
    await w.scan();
    expect(w.bsc.calls.length).toBe(calls);
    // Until the sup saves the network's settings again: they are tried at once.
    const saved = await w.s.post('/api/usdt/config/edit', { chains: { bep20: { enabled: true } } }, w.sup);
    expect(saved.code, saved.message).toBe(200);
    w.bsc.failures.push({ status: 429 });
    await w.scan();
    expect(w.bsc.calls.length).toBeGreaterThan(calls);
    expect((await w.chainStatus('bep20')).failures).toBe(2);

    w.s.clock.advance(31 * SECOND);
    w.bsc.failures.push({ rpcError: { code: -32000, message: 'header not found <script>x</script>' } });
    await w.scan();
    status = await w.chainStatus('bep20');
    expect(status.failures).toBe(3);
    expect(status.last_error).toBe('RPC 节点返回错误（错误码 -32000）');
    expect(JSON.stringify(status)).not.toContain('script');

    w.s.clock.advance(5 * 60 * SECOND);
    const paid = w.bsc.transfer({ to: SHOP_BSC, value: units(9, 18) });
    w.bsc.mine(BSC_CONFIRMATIONS);
    await w.scan();
    status = await w.chainStatus('bep20');
    expect(status).toMatchObject({ failures: 0, last_error: null, retry_at: null, behind: 0 });
    expect(status.last_ok_at).toBeTruthy();
    expect(await w.detail(c.token, order.id)).toMatchObject({ state: 'paid', tx_hash: `${paid.txHash}:${paid.logIndex}` });
    // TRC20's watcher was not bothered by the EVM orders.
    expect(w.chain.requests.every((r) => !r.address.startsWith('0x'))).toBe(true);
  });

  it('a log seen before its confirmations and then re-organised away credits nothing', async () => {
    const c = await w.customer('evm_reorg');
    const order = await w.chainOrder(c.token, 30, 'bep20');
    await w.scan();
    w.s.clock.advance(10 * SECOND);
    const gone = w.bsc.transfer({ to: SHOP_BSC, value: units(30, 18) });
    w.bsc.mine(BSC_CONFIRMATIONS - 3);
    await w.scan();
    expect((await w.detail(c.token, order.id)).state).toBe('waiting');
    w.bsc.drop(gone.txHash);
    w.bsc.mine(40);
    await w.scan();
    expect((await w.detail(c.token, order.id)).state).toBe('waiting');
    expect(await w.balance(c.token)).toBe(0);
    expect((await w.s.post('/api/transfer/data', {}, w.sup)).data.total).toBe(0);
  });
});
