import type { Kysely } from 'kysely';
import { evmChainFields } from '../../../resources.config.js';
import type { DB } from '../../schema/tables.js';
import { AppError, fail } from '../../platform/http/envelope.js';
import { objectBody, validateFields } from '../../platform/http/validate.js';
import { refusedUrl } from '../../platform/http/outbound-address.js';
import { MAX_SPAN } from './evm-watch-state.js';
import { EVM_CHAINS, EVM_DEFAULTS, isEvmChain, type EvmChain } from './chains.js';

/** The EVM chains' settings live beside TRC20's, in a settings row of their own. */
const KEY = 'usdt_chains';

/** One EVM chain's settings as the server uses them. Addresses in lower case, as logs carry them. */
export interface EvmChainConfig {
  chain: EvmChain;
  network: string;
  enabled: boolean;
  address: string | null;
  rpcUrl: string | null;
  contract: string;
  decimals: number;
  confirmations: number;
}

/** Where a chain takes new orders: its address while it is open and has an RPC URL to watch it with; else null. */
export function openAddress(c: EvmChainConfig): string | null {
  return c.enabled && c.rpcUrl ? c.address : null;
}

/** Stored and shown values of one chain (flags as booleans). */
type Values = Record<string, unknown>;
type Stored = Partial<Record<EvmChain, Values>>;

async function stored(db: Kysely<DB>): Promise<Stored> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as Stored) : {};
}

/** A chain's stored values over its defaults (an emptied contract, decimals or confirmations is the default again). */
function withDefaults(chain: EvmChain, r: Values = {}): Values {
  const d = EVM_DEFAULTS[chain];
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  return {
    enabled: Boolean(r.enabled),
    address: given(r.address) ? String(r.address) : null,
    rpc_url: given(r.rpc_url) ? String(r.rpc_url) : null,
    contract: given(r.contract) ? String(r.contract) : d.contract,
    decimals: given(r.decimals) ? Number(r.decimals) : d.decimals,
    confirmations: given(r.confirmations) ? Number(r.confirmations) : d.confirmations,
  };
}

export async function readChains(db: Kysely<DB>): Promise<Record<EvmChain, EvmChainConfig>> {
  const all = await stored(db);
  const out = {} as Record<EvmChain, EvmChainConfig>;
  for (const chain of EVM_CHAINS) {
    const r = withDefaults(chain, all[chain]);
    out[chain] = {
      chain,
      network: EVM_DEFAULTS[chain].network,
      enabled: Boolean(r.enabled),
      address: r.address ? String(r.address).toLowerCase() : null,
      rpcUrl: r.rpc_url ? String(r.rpc_url) : null,
      contract: String(r.contract).toLowerCase(),
      decimals: Number(r.decimals),
      confirmations: Number(r.confirmations),
    };
  }
  return out;
}

/** What the sup's screen shows per chain (nothing secret: an RPC URL holding a key is the sup's own, shown to staff with the money grant only). */
export async function presentChains(db: Kysely<DB>): Promise<Record<EvmChain, Values>> {
  const all = await stored(db);
  const out = {} as Record<EvmChain, Values>;
  for (const chain of EVM_CHAINS) out[chain] = { network: EVM_DEFAULTS[chain].network, ...withDefaults(chain, all[chain]) };
  return out;
}

/**
 * A sup's change of some chains' settings (`chains: { bep20: { … } }`), each checked against the
 * declared rules and together: opening a chain needs its address and RPC URL; a changed RPC URL
 * pointing inside is refused unless `allowPrivate`. An error names the chain before the rule.
 */
export async function editChains(db: Kysely<DB>, input: unknown, tz: string, now: number, allowPrivate: boolean): Promise<void> {
  if (input === undefined) return;
  const body = objectBody(input);
  const all = await stored(db);
  for (const [chain, value] of Object.entries(body)) {
    if (!isEvmChain(chain)) throw fail.badInput(`不支持的网络：${chain}`, { chains: `不支持的网络：${chain}` });
    const network = EVM_DEFAULTS[chain].network;
    const named = (errors: Record<string, string>) => {
      const keyed = Object.fromEntries(Object.entries(errors).map(([k, m]) => [`chains.${chain}.${k}`, `${network}：${m}`]));
      return fail.badInput(Object.values(keyed)[0], keyed);
    };
    let values: Values;
    try {
      values = validateFields(evmChainFields, value, 'edit', { tz });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const errors = (error.data as { errors?: Record<string, string> } | null)?.errors;
      throw errors ? named(errors) : new AppError(error.code, `${network}：${error.message}`);
    }
    const before = withDefaults(chain, all[chain]);
    const next = { ...before, ...values };
    const errors: Record<string, string> = {};
    if (next.rpc_url && next.rpc_url !== before.rpc_url) {
      const refused = refusedUrl(String(next.rpc_url), allowPrivate, 'RPC 地址');
      if (refused) errors.rpc_url = refused;
    }
    if (next.enabled && !next.address) errors.address = '开放前请先填写收款地址';
    if (next.enabled && !next.rpc_url) errors.rpc_url = '开放前请先填写 RPC 地址';
    if (Object.keys(errors).length) throw named(errors);
    all[chain] = next;
    // Saved settings are tried at once (a sup saves after reading the error); another node may allow a wider range.
    const retry = { retry_at: 0, ...(next.rpc_url !== before.rpc_url ? { span: MAX_SPAN } : {}) };
    await db.updateTable('usdt_chain_watch').set(retry).where('chain', '=', chain).execute();
  }
  const value = JSON.stringify(all);
  await db
    .insertInto('settings')
    .values({ key: KEY, value, update_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, update_at: now }))
    .execute();
}
