/** What the EVM USDT tests share: the USDT world (TRC20 on a fake TronGrid) plus BEP20 and Polygon on fake JSON-RPC nodes. */
import { expect } from 'vitest';
import type { DbKind } from '../../helpers/server.js';
import { evmAddress, FakeEvmNode } from '../../helpers/evm-node.js';
import { usdtWorld, type UsdtWorld } from '../fixtures/usdt.js';

export const BSC_USDT = '0x55d398326f99059fF775485246999027B3197955';
export const POLYGON_USDT = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F';
/** Our receiving addresses, as the sup types them (mixed case) and as the chain carries them. */
export const SHOP_BSC = evmAddress('our bsc address').replace(/^0x(.{6})/, (_m, p: string) => `0x${p.toUpperCase()}`);
export const SHOP_POLYGON = evmAddress('our polygon address');
export const POLYGON_CONFIRMATIONS = 5;

export interface EvmWorld extends UsdtWorld {
  bsc: FakeEvmNode;
  polygon: FakeEvmNode;
  /** One round of each EVM chain's watcher (in this process); whether each ran. */
  scan(): Promise<boolean[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers of every API
  chainOrder(token: string, amount: number | string, chain: string): Promise<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers of every API
  chainStatus(chain: string): Promise<any>;
}

export async function evmWorld(kind: DbKind): Promise<EvmWorld> {
  // A loaded machine may take longer than the TRC20 tests' 300 ms to answer a call.
  const w = await usdtWorld(kind, {}, { tronTimeoutMs: 5000 });
  const bsc = await FakeEvmNode.start(w.s.clock.now, BSC_USDT, 40_000_000);
  const polygon = await FakeEvmNode.start(w.s.clock.now, POLYGON_USDT, 60_000_000);
  const set = await w.s.post(
    '/api/usdt/config/edit',
    {
      chains: {
        bep20: { enabled: true, address: SHOP_BSC, rpc_url: bsc.url },
        polygon: { enabled: true, address: SHOP_POLYGON, rpc_url: polygon.url, confirmations: POLYGON_CONFIRMATIONS },
      },
    },
    w.sup,
  );
  expect(set.code, set.message).toBe(200);
  const jobs = ['bep20', 'erc20', 'polygon', 'arbitrum'].map((c) => `usdt-watcher-${c}`);
  return {
    ...w,
    bsc,
    polygon,
    scan: () => Promise.all(jobs.map((j) => w.s.app.jobs.runNow(j))),
    async chainOrder(token, amount, chain) {
      const r = await w.s.post('/api/usdt/create', { amount, chain }, token);
      expect(r.code, r.message).toBe(200);
      return r.data;
    },
    async chainStatus(chain) {
      const r = await w.s.get('/api/usdt/config', w.sup);
      expect(r.code, r.message).toBe(200);
      return r.data.status.chains.find((c: { chain: string }) => c.chain === chain);
    },
    async close() {
      await bsc.close();
      await polygon.close();
      await w.close();
    },
  };
}
