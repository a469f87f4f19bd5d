/**
 * The networks USDT is taken on. TRC20 is read from TronGrid (trongrid.ts); the others are EVM chains
 * read over JSON-RPC (evm-rpc.ts), each with the USDT contract and decimals of its main network
 * (docs/usdt-chains.md) and a default number of confirmations before a transfer is credited.
 */
export const CHAINS = ['trc20', 'bep20', 'erc20', 'polygon', 'arbitrum'] as const;
export type Chain = (typeof CHAINS)[number];
export type EvmChain = Exclude<Chain, 'trc20'>;
export const EVM_CHAINS: readonly EvmChain[] = ['bep20', 'erc20', 'polygon', 'arbitrum'];

/** The background job that watches a chain for payments. */
export const watcherOf = (chain: Chain): string => (chain === 'trc20' ? 'usdt-watcher' : `usdt-watcher-${chain}`);

export interface EvmChainDefaults {
  /** What the customer's wallet calls the network. */
  network: string;
  contract: string;
  decimals: number;
  confirmations: number;
}

/**
 * Confirmations: Ethereum is final after two epochs (about 64 blocks, 13 min) but re-organisations
 * deeper than a few blocks have not been seen since the merge; BNB Chain's fast finality makes 15
 * blocks (about 10 s at 0.75 s) safe; Polygon PoS had re-organisations of dozens of blocks before its
 * milestones; Arbitrum's sequencer orders blocks of about 0.25 s and does not re-organise them.
 */
export const EVM_DEFAULTS: Record<EvmChain, EvmChainDefaults> = {
  bep20: { network: 'BEP20 (BSC)', contract: '0x55d398326f99059fF775485246999027B3197955', decimals: 18, confirmations: 15 },
  erc20: { network: 'ERC20 (以太坊)', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6, confirmations: 12 },
  polygon: { network: 'Polygon', contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6, confirmations: 64 },
  arbitrum: { network: 'Arbitrum', contract: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6, confirmations: 40 },
};

export function networkOf(chain: string): string {
  return chain === 'trc20' ? 'TRC20' : (EVM_DEFAULTS[chain as EvmChain]?.network ?? chain);
}

export function isEvmChain(chain: unknown): chain is EvmChain {
  return typeof chain === 'string' && (EVM_CHAINS as readonly string[]).includes(chain);
}

/** An EVM address as the chain compares it (lower case; checksummed case is only for people). */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
