/**
 * The TronGrid v1 call the watcher needs: TRC20 transfers to an address, oldest first from a time,
 * page by page (`meta.fingerprint`, the other parameters unchanged). See docs/usdt-trongrid.md#paging-and-the-1000-record-window.
 */
import { outboundRequest, type OutboundResult } from '../../platform/http/outbound.js';
import type { Chain } from './chains.js';

export interface ChainTransfer {
  txHash: string;
  from: string;
  to: string;
  /** In the token's smallest unit (USDT: 10^-6). */
  value: bigint;
  blockTime: number;
  contract: string;
  type: string;
  /** The network (default trc20) and the token's decimals (default 6), for transfers read off an EVM chain. */
  chain?: Chain;
  decimals?: number;
}

export interface TransferQuery {
  apiUrl: string;
  apiKey: string | null;
  address: string;
  contract: string;
  /** block_timestamp from (ms, inclusive). */
  since: number;
  onlyConfirmed: boolean;
  timeoutMs: number;
  /** Loopback and private addresses may be asked (WEBHOOK_ALLOW_PRIVATE=1: tests, closed networks). */
  allowPrivate: boolean;
}

/** A failed call: a Chinese message for the sup's screen and whether the service asked us to slow down. */
export class TronGridError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
    public readonly rateLimited = false,
  ) {
    super(message);
  }
}

/** TronGrid's page size limit; it answers at most 1000 records for one query, so 5 pages. */
export const PAGE_SIZE = 200;
export const MAX_PAGES = 5;
/** Queries one call may chain (each from where the last one's 1000 records ended). */
const MAX_WINDOWS = 10;

/**
 * The pages of transfers for a query, oldest first. TronGrid serves at most 1000 records for one
 * query: when a query gave that many, the next one starts at the last block time read (records of
 * that millisecond come twice; callers dedupe), until one gives fewer.
 */
export async function* transferPages(q: TransferQuery): AsyncGenerator<{ transfers: ChainTransfer[]; skipped: number }> {
  let since = q.since;
  for (let window = 0; window < MAX_WINDOWS; window += 1) {
    let fingerprint: string | undefined;
    let last = since;
    let read = 0;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const params = new URLSearchParams({
        only_to: 'true',
        contract_address: q.contract,
        min_timestamp: String(since),
        order_by: 'block_timestamp,asc',
        limit: String(PAGE_SIZE),
      });
      if (q.onlyConfirmed) params.set('only_confirmed', 'true');
      if (fingerprint) params.set('fingerprint', fingerprint);
      const body = await getJson(`${q.apiUrl}/v1/accounts/${q.address}/transactions/trc20?${params}`, q);
      const rows: unknown[] = Array.isArray(body.data) ? body.data : [];
      const transfers = rows.map(parseTransfer).filter((t): t is ChainTransfer => t !== null);
      yield { transfers, skipped: rows.length - transfers.length };
      read += rows.length;
      last = transfers.reduce((max, t) => Math.max(max, t.blockTime), last);
      fingerprint = typeof body.meta?.fingerprint === 'string' && body.meta.fingerprint ? body.meta.fingerprint : undefined;
      if (!fingerprint || rows.length === 0) break;
    }
    // Fewer than a full window: that was all. A full one with its last record in the first
    // millisecond (over 1000 transfers in one ms) cannot be paged further.
    if (read < PAGE_SIZE * MAX_PAGES || last <= since) return;
    since = last;
  }
}

/**
 * One page from TronGrid. The API URL was typed in by the sup, so the call goes through the platform's
 * outbound request: an inside address refused unless private addresses are allowed, no redirect
 * followed (the API key goes to the configured host only), the connection kept for the next poll.
 * What an error answer says is never shown: the sup's screen gets its status and a fixed message.
 */
async function getJson(url: string, q: TransferQuery): Promise<TronGridPage> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (q.apiKey) headers['TRON-PRO-API-KEY'] = q.apiKey;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new TronGridError('API 地址不是有效的网址', null);
  }
  const res = await outboundRequest(target, { headers, timeoutMs: q.timeoutMs, allowPrivate: q.allowPrivate, noun: 'API 地址' });
  if (!res.ok) throw failed(res, q.timeoutMs);
  // TronGrid answers 429, 403 or 503 when a key or an address asks too often, and blocks it for 30 s.
  if ([403, 429, 503].includes(res.status)) throw new TronGridError(`TronGrid 限流（HTTP ${res.status}）`, res.status, true);
  if (res.status < 200 || res.status > 299) throw new TronGridError(`TronGrid 返回错误（HTTP ${res.status}）`, res.status);
  let body: TronGridPage | null = null;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* judged below */
  }
  if (!body || body.success !== true) throw new TronGridError('TronGrid 的应答格式不正确', res.status);
  return body;
}

function failed(f: Extract<OutboundResult, { ok: false }>, timeoutMs: number): TronGridError {
  switch (f.failure) {
    // The address's own check: where the sup's URL points, not what anything answered.
    case 'refused':
    case 'unresolved':
      return new TronGridError(f.error, null);
    case 'redirect':
      return new TronGridError(`TronGrid 返回重定向（HTTP ${f.status}），不会跟随`, f.status);
    case 'too_large':
      return new TronGridError('TronGrid 应答过大', f.status);
    case 'timeout':
      return new TronGridError(`请求 TronGrid 超时（${timeoutMs / 1000} 秒无应答）`, null);
    case 'network':
    case 'aborted':
      return new TronGridError(`无法连接 TronGrid${f.code ? `（${f.code}）` : ''}`, null);
  }
}

const HASH = /^[0-9a-fA-F]{64}$/;

/** A page's JSON as TronGrid sends it, every field still to be checked. */
interface TronGridPage {
  success?: unknown;
  data?: unknown;
  meta?: { fingerprint?: unknown } | null;
}
/** One record of a page, every field still to be checked. */
interface TronGridRecord {
  transaction_id?: unknown;
  from?: unknown;
  to?: unknown;
  type?: unknown;
  value?: unknown;
  block_timestamp?: unknown;
  token_info?: { address?: unknown } | null;
}

/** One record as we use it, or null when a field is missing or malformed. */
function parseTransfer(record: unknown): ChainTransfer | null {
  if (!record || typeof record !== 'object') return null;
  const row: TronGridRecord = record;
  const { transaction_id: txHash, from, to, type, value, block_timestamp: blockTime } = row;
  const contract = row.token_info?.address;
  if (typeof txHash !== 'string' || !HASH.test(txHash)) return null;
  if (typeof from !== 'string' || typeof to !== 'string' || typeof type !== 'string' || typeof contract !== 'string') return null;
  if (typeof value !== 'string' || !/^\d{1,40}$/.test(value)) return null;
  if (typeof blockTime !== 'number' || !Number.isSafeInteger(blockTime)) return null;
  return { txHash: txHash.toLowerCase(), from, to, type, value: BigInt(value), blockTime, contract };
}
