import type { Kysely } from 'kysely';
import { epaySettingsFields } from '../../../resources.config.js';
import type { DB } from '../../schema/tables.js';
import { fail } from '../../platform/http/envelope.js';
import { validateFields, type Row } from '../../platform/http/validate.js';
import { secretBox, type KeySource } from '../../platform/lib/secret-box.js';

const KEY = 'epay';

export type EpayType = 'alipay' | 'wxpay' | 'qqpay';

/** The 易支付 settings as the server uses them: money in cents, the rate in fen per dollar, the key opened. */
export interface EpayConfig {
  enabled: boolean;
  /** The gateway's folder, ending in `/`: `submit.php`, `mapi.php` and `api.php` are beside each other in it. */
  gateway: string | null;
  pid: string | null;
  key: string | null;
  types: EpayType[];
  /** CNY fen per US dollar (7.30 元 → 730). */
  rate: number;
  minAmount: number;
  maxAmount: number;
  expireMs: number;
}

/** Stored values over the declared defaults (money and the rate in hundredths, flags as 0/1, the key sealed). */
async function storedRow(db: Kysely<DB>): Promise<Row> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const stored = row ? (JSON.parse(row.value) as Row) : {};
  const defaults = validateFields(epaySettingsFields, {}, 'add');
  return { ...defaults, gateway: null, pid: null, key: null, ...stored };
}

/** A gateway address as a folder: `https://pay.example.com` and `https://pay.example.com/submit.php` both name `https://pay.example.com/`. */
export function gatewayFolder(url: string): string {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  u.pathname = u.pathname.replace(/[^/]*\.php$/i, '').replace(/\/*$/, '/');
  return u.toString();
}

function openKey(sealed: unknown, keys: KeySource): string | null {
  if (typeof sealed !== 'string' || !sealed) return null;
  try {
    return secretBox(keys).open(sealed);
  } catch {
    return null; // sealed under another key: as good as unset until saved again
  }
}

export async function readEpayConfig(db: Kysely<DB>, keys: KeySource): Promise<EpayConfig> {
  const r = await storedRow(db);
  return {
    enabled: Boolean(r.enabled),
    gateway: r.gateway ? gatewayFolder(String(r.gateway)) : null,
    pid: (r.pid as string | null) || null,
    key: openKey(r.key, keys),
    types: String(r.types)
      .split(',')
      .filter((t): t is EpayType => t === 'alipay' || t === 'wxpay' || t === 'qqpay'),
    rate: Number(r.rate),
    minAmount: Number(r.min_amount),
    maxAmount: Number(r.max_amount),
    expireMs: Number(r.expire_minutes) * 60_000,
  };
}

/** Whether customers can pay this way now: switched on and every part of the merchant's account set. */
export function epayOpen(c: EpayConfig): c is EpayConfig & { gateway: string; pid: string; key: string } {
  return c.enabled && Boolean(c.gateway && c.pid && c.key) && c.types.length > 0;
}

/** What finance's screen shows: every setting but the key, of which only whether it is set and its last characters. */
export async function presentEpayConfig(db: Kysely<DB>, keys: KeySource): Promise<Record<string, unknown>> {
  const { key: sealed, ...rest } = await storedRow(db);
  const key = openKey(sealed, keys) ?? '';
  return {
    ...rest,
    enabled: Boolean(rest.enabled),
    rate: Number(rest.rate) / 100,
    min_amount: Number(rest.min_amount) / 100,
    max_amount: Number(rest.max_amount) / 100,
    key_set: key.length > 0,
    key_hint: key ? `••••${key.slice(-4)}` : null,
  };
}

/**
 * A change of some settings, checked alone (the declared rules) and together (min ≤ max, everything a
 * payment needs before opening). The key is sealed before it is stored; an empty key leaves it as it was.
 * The gateway may be any address the sup chooses: browsers are sent there, and the server's own calls
 * to it (gateway.ts) follow the outbound address rules each time.
 */
export async function editEpayConfig(db: Kysely<DB>, body: unknown, keys: KeySource, now: number): Promise<void> {
  const values = validateFields(epaySettingsFields, body, 'edit');
  const stored = await storedRow(db);
  const next: Row = { ...stored, ...values };
  if (typeof values.key === 'string' && values.key) next.key = secretBox(keys).seal(values.key);
  else next.key = stored.key;
  const errors: Record<string, string> = {};
  if (Number(next.min_amount) > Number(next.max_amount)) errors.min_amount = '最小充值金额不能大于最大充值金额';
  if (next.enabled) {
    if (!next.gateway) errors.gateway = '开放充值前请先填写支付网关地址';
    else if (!next.pid) errors.pid = '开放充值前请先填写商户 ID';
    else if (!next.key) errors.key = '开放充值前请先填写商户密钥';
  }
  const names = Object.keys(errors);
  if (names.length) throw fail.badInput(errors[names[0]], errors);
  const value = JSON.stringify(next);
  await db
    .insertInto('settings')
    .values({ key: KEY, value, update_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, update_at: now }))
    .execute();
}
