import type { Kysely } from 'kysely';
import { usdtSettingsFields } from '../../../resources.config.js';
import type { DB } from '../../schema/tables.js';
import { fail } from '../../platform/http/envelope.js';
import { validateFields, type Row } from '../../platform/http/validate.js';
import { refusedUrl } from '../../platform/http/outbound-address.js';
import { isTronAddress } from './address.js';
import { editChains, presentChains, readChains, type EvmChainConfig } from './chain-config.js';
import type { EvmChain } from './chains.js';

const KEY = 'usdt';

/** The USDT settings as the server uses them: money in cents, times in ms. */
export interface UsdtConfig {
  enabled: boolean;
  address: string | null;
  minAmount: number;
  maxAmount: number;
  expireMs: number;
  graceMs: number;
  /** Pay orders one customer may create in an hour, cancelled ones included. */
  ordersPerHour: number;
  waitConfirm: boolean;
  pollMs: number;
  apiUrl: string;
  apiKey: string | null;
  contract: string;
  /** The EVM chains (BEP20, ERC20, Polygon, Arbitrum); the fields above are TRC20's, and the limits and times everyone's. */
  chains: Record<EvmChain, EvmChainConfig>;
}

/** Stored values over the declared defaults (money stored in cents, flags as 0/1). */
async function storedRow(db: Kysely<DB>): Promise<Row> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const stored = row ? (JSON.parse(row.value) as Row) : {};
  const defaults = validateFields(usdtSettingsFields, {}, 'add');
  return { ...defaults, address: null, api_key: null, ...stored };
}

function fromRow(r: Row, chains: Record<EvmChain, EvmChainConfig>): UsdtConfig {
  return {
    enabled: Boolean(r.enabled),
    address: (r.address as string | null) || null,
    minAmount: Number(r.min_amount),
    maxAmount: Number(r.max_amount),
    expireMs: Number(r.expire_minutes) * 60_000,
    graceMs: Number(r.grace_minutes) * 60_000,
    ordersPerHour: Number(r.orders_per_hour),
    waitConfirm: Boolean(r.wait_confirm),
    pollMs: Number(r.poll_seconds) * 1000,
    apiUrl: String(r.api_url).replace(/\/+$/, ''),
    apiKey: (r.api_key as string | null) || null,
    contract: String(r.contract),
    chains,
  };
}

export async function readConfig(db: Kysely<DB>): Promise<UsdtConfig> {
  return fromRow(await storedRow(db), await readChains(db));
}

/** What the sup's screen shows: every setting but the API key, of which only whether it is set and its last characters. */
export async function presentConfig(db: Kysely<DB>): Promise<Record<string, unknown>> {
  const { api_key: key, ...rest } = await storedRow(db);
  const key_text = typeof key === 'string' ? key : '';
  return {
    ...rest,
    enabled: Boolean(rest.enabled),
    wait_confirm: Boolean(rest.wait_confirm),
    min_amount: Number(rest.min_amount) / 100,
    max_amount: Number(rest.max_amount) / 100,
    api_key_set: key_text.length > 0,
    api_key_hint: key_text ? `••••${key_text.slice(-4)}` : null,
    chains: await presentChains(db),
  };
}

/**
 * A sup's change of some settings, checked alone (the declared rules) and together (min <= max,
 * an address before opening, checksums); `clear_api_key` removes the key; `chains` edits the EVM chains (chain-config.ts). A changed API URL whose host
 * is an IP address inside or reserved is refused unless `allowPrivate` (a name is checked at each call).
 */
export async function editConfig(db: Kysely<DB>, body: unknown, tz: string, now: number, allowPrivate: boolean): Promise<void> {
  const values = validateFields(usdtSettingsFields, body, 'edit', { tz, extra: ['clear_api_key', 'chains'] });
  const clear = (body as Record<string, unknown>).clear_api_key;
  if (clear !== undefined && typeof clear !== 'boolean') throw fail.badInput('clear_api_key 必须是布尔值');
  const stored = await storedRow(db);
  const next: Row = { ...stored, ...values };
  if (clear === true) next.api_key = null;
  const errors: Record<string, string> = {};
  const apiUrlRefused = next.api_url !== stored.api_url ? refusedUrl(String(next.api_url), allowPrivate, 'API 地址') : null;
  if (apiUrlRefused) errors.api_url = apiUrlRefused;
  if (next.address && !isTronAddress(next.address)) errors.address = '收款地址校验失败，请检查是否有字符输错';
  if (!isTronAddress(next.contract)) errors.contract = 'USDT 合约地址校验失败，请检查是否有字符输错';
  if (Number(next.min_amount) > Number(next.max_amount)) errors.min_amount = '最小充值金额不能大于最大充值金额';
  if (next.enabled && !next.address) errors.address = '开放充值前请先填写收款地址';
  const names = Object.keys(errors);
  if (names.length) throw fail.badInput(errors[names[0]], errors);
  await editChains(db, (body as Record<string, unknown>).chains, tz, now, allowPrivate);
  const value = JSON.stringify(next);
  await db
    .insertInto('settings')
    .values({ key: KEY, value, update_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, update_at: now }))
    .execute();
}
