import { openAddress } from './chain-config.js';
import { EVM_CHAINS, networkOf, type Chain } from './chains.js';
import type { UsdtConfig } from './config.js';

export interface OpenNetwork {
  chain: Chain;
  network: string;
  address: string;
  waitConfirm: boolean;
}

/** The networks a customer may pay on now, TRC20 first: each open, with its receiving address. */
export function openNetworks(cfg: UsdtConfig): OpenNetwork[] {
  const out: OpenNetwork[] = [];
  if (cfg.enabled && cfg.address) out.push({ chain: 'trc20', network: 'TRC20', address: cfg.address, waitConfirm: cfg.waitConfirm });
  for (const chain of EVM_CHAINS) {
    const address = openAddress(cfg.chains[chain]);
    if (address) out.push({ chain, network: networkOf(chain), address, waitConfirm: true });
  }
  return out;
}
