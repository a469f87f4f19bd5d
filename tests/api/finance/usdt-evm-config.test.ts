/**
 * The EVM chains' settings and pay orders: who may read and change them, how a bad value is refused,
 * what customers are offered, a closed chain refused, and an amount unique per chain and address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds } from '../../helpers/server.js';
import { evmAddress, units } from '../../helpers/evm-node.js';
import { SHOP } from '../fixtures/usdt.js';
import { BSC_USDT, evmWorld, POLYGON_CONFIRMATIONS, SHOP_BSC, SHOP_POLYGON, type EvmWorld } from './evm-world.js';

describe.each(dbKinds)('USDT on EVM chains, settings and orders, on %s', (kind) => {
  let w: EvmWorld;
  beforeAll(async () => {
    w = await evmWorld(kind);
  });
  afterAll(async () => {
    await w.books();
    await w.close();
  });

  it('finance and the owner read and change the chains; other staff and customers are refused, and nothing changes', async () => {
    const staff: Record<string, string> = {};
    for (const role of ['operator', 'finance', 'support'] as const) {
      const added = await w.s.post('/api/user/add', { username: `evm_${role}`, password: 'Staff-pass-1', type: 'sup', role }, w.sup);
      expect(added.code, added.message).toBe(200);
      staff[role] = await w.s.login(`evm_${role}`, 'Staff-pass-1');
    }
    const customer = await w.customer('evm_nosy');
    const change = { chains: { erc20: { enabled: true, address: evmAddress('x'), rpc_url: 'http://127.0.0.1:9/' } } };
    for (const token of [staff.operator, staff.support, customer.token]) {
      const read = await w.s.get('/api/usdt/config', token);
      expect(read.code).toBe(403);
      expect(chinese(read.message)).toBe(true);
      expect((await w.s.post('/api/usdt/config/edit', change, token)).code).toBe(403);
    }
    expect((await w.s.get('/api/usdt/config', w.sup)).data.chains.erc20).toMatchObject({ enabled: false, address: null });

    const read = await w.s.get('/api/usdt/config', staff.finance);
    expect(read.code).toBe(200);
    expect(read.data.chains).toMatchObject({
      bep20: {
        network: 'BEP20 (BSC)',
        enabled: true,
        address: SHOP_BSC,
        rpc_url: w.bsc.url,
        contract: BSC_USDT,
        decimals: 18,
        confirmations: 15,
      },
      polygon: { network: 'Polygon', enabled: true, decimals: 6, confirmations: POLYGON_CONFIRMATIONS },
      erc20: {
        network: 'ERC20 (以太坊)',
        enabled: false,
        contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        decimals: 6,
        confirmations: 12,
      },
      arbitrum: { network: 'Arbitrum', enabled: false, contract: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6 },
    });
    expect(read.data.status.chains.map((c: { chain: string }) => c.chain)).toEqual(['bep20', 'erc20', 'polygon', 'arbitrum']);
    const edited = await w.s.post('/api/usdt/config/edit', { chains: { arbitrum: { confirmations: 30 } } }, staff.finance);
    expect(edited.code, edited.message).toBe(200);
    expect(edited.data.chains.arbitrum.confirmations).toBe(30);
    // Emptied, a default comes back.
    expect(
      (await w.s.post('/api/usdt/config/edit', { chains: { arbitrum: { confirmations: null } } }, w.sup)).data.chains.arbitrum
        .confirmations,
    ).toBe(40);
  });

  it('refuses bad values with a clear Chinese message naming the chain, and keeps the old ones', async () => {
    const before = (await w.s.get('/api/usdt/config', w.sup)).data.chains;
    const bad: Array<[unknown, string]> = [
      [{ bep20: { address: '0x1234' } }, 'BEP20 (BSC)：收款地址应为 0x 开头的 42 位地址'],
      [{ bep20: { address: `T${'a'.repeat(41)}` } }, '收款地址应为 0x 开头'],
      [{ polygon: { rpc_url: 'ftp://node.example' } }, 'Polygon：RPC 地址应为 http(s):// 开头的网址'],
      [{ polygon: { confirmations: 0 } }, 'Polygon：'],
      [{ polygon: { confirmations: 201 } }, '确认区块数'],
      [{ erc20: { decimals: 37 } }, '小数位数'],
      [{ erc20: { decimals: -1 } }, '小数位数'],
      [{ erc20: { contract: 'USDT' } }, '合约地址应为 0x 开头'],
      [{ arbitrum: { enabled: true } }, 'Arbitrum：开放前请先填写收款地址'],
      [{ arbitrum: { enabled: true, address: evmAddress('arb') } }, 'Arbitrum：开放前请先填写 RPC 地址'],
      [{ solana: { enabled: true } }, '不支持的网络'],
      [{ bep20: { colour: 'red' } }, 'BEP20 (BSC)：'],
      ['bep20', ''],
    ];
    for (const [chains, words] of bad) {
      const r = await w.s.post('/api/usdt/config/edit', { chains }, w.sup);
      expect(r.code, JSON.stringify(chains)).toBe(400);
      expect(r.message, JSON.stringify(chains)).toContain(words);
      expect(chinese(r.message)).toBe(true);
    }
    expect((await w.s.get('/api/usdt/config', w.sup)).data.chains).toEqual(before);
  });

  it('offers the open networks, TRC20 first; a closed one is refused; an amount is unique per chain and address', async () => {
    const c = await w.customer('evm_amounts');
    const options = (await w.s.get('/api/usdt/options', c.token)).data;
    expect(options.chains).toEqual([
      { chain: 'trc20', network: 'TRC20', address: SHOP, wait_confirm: true },
      { chain: 'bep20', network: 'BEP20 (BSC)', address: SHOP_BSC.toLowerCase(), wait_confirm: true },
      { chain: 'polygon', network: 'Polygon', address: SHOP_POLYGON, wait_confirm: true },
    ]);

    const closed = await w.s.post('/api/usdt/create', { amount: 10, chain: 'erc20' }, c.token);
    expect(closed.code).toBe(409);
    expect(closed.message).toBe('ERC20 (以太坊) 网络的 USDT 充值暂未开放，请选择其他网络');
    const unknown = await w.s.post('/api/usdt/create', { amount: 10, chain: 'solana' }, c.token);
    expect(unknown.code).toBe(400);
    expect(chinese(unknown.message)).toBe(true);

    const other = await w.customer('evm_amounts_2');
    const bsc = [await w.chainOrder(c.token, 10, 'bep20'), await w.chainOrder(other.token, 10, 'bep20')];
    const poly = await w.chainOrder(c.token, 10, 'polygon');
    const tron = await w.chainOrder(other.token, 10, 'trc20');
    const plain = await w.order(c.token, 10); // no chain: TRC20
    expect(bsc.map((o) => o.amount)).toEqual([10, 10.01]);
    expect([poly.amount, tron.amount, plain.amount]).toEqual([10, 10, 10.01]);
    expect(plain).toMatchObject({ chain: 'trc20', network: 'TRC20', address: SHOP });

    // A new BEP20 address is a pool of its own; the old address's orders keep theirs.
    const moved = evmAddress('our new bsc address');
    expect((await w.s.post('/api/usdt/config/edit', { chains: { bep20: { address: moved } } }, w.sup)).code).toBe(200);
    const fresh = await w.chainOrder(other.token, 10, 'bep20');
    expect(fresh).toMatchObject({ amount: 10, address: moved });

    // 10 USDT on Polygon pays the Polygon order, not a BEP20 one of the same amount.
    await w.scan();
    w.s.clock.advance(20_000);
    w.polygon.transfer({ to: SHOP_POLYGON, value: units(10, 6) });
    w.polygon.mine(POLYGON_CONFIRMATIONS);
    // And 10.01 on the old BEP20 address still pays the order made there.
    w.bsc.transfer({ to: SHOP_BSC, value: units('10.01', 18) });
    w.bsc.mine(15);
    await w.scan();
    expect((await w.detail(c.token, poly.id)).state).toBe('paid');
    expect((await w.detail(c.token, bsc[0].id)).state).toBe('waiting');
    expect((await w.detail(other.token, bsc[1].id)).state).toBe('paid');
    expect((await w.detail(other.token, fresh.id)).state).toBe('waiting');
    expect(await w.balance(c.token)).toBe(10);
    expect(await w.balance(other.token)).toBe(10.01);
  });
});
