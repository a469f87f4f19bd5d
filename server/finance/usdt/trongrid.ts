/**
 * The TronGrid v1 call the watcher needs: TRC20 transfers to an address, oldest first from a time,
 * page by page (`meta.fingerprint`, the other parameters unchanged). See docs/usdt-trongrid.md#paging-and-the-1000-record-window.
 */

export interface ChainTransfer {
  txHash: string;
  from: string;
  to: string;
  /** In the token's smallest unit (USDT: 10^-6). */
  value: bigint;
  blockTime: number;
  contract: string;
  type: string;
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
}

/** A failed call: a Chinese message for the sup's screen and whether the service asked us to slow down. */
export class TronGridError extends Error {
  constructor(message: string, public readonly status: number | null, public readonly rateLimited = false) {
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
        only_to: 'true', contract_address: q.contract, min_timestamp: String(since),
        order_by: 'block_timestamp,asc', limit: String(PAGE_SIZE),
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

async function getJson(url: string, q: TransferQuery): Promise<any> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (q.apiKey) headers['TRON-PRO-API-KEY'] = q.apiKey;
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(q.timeoutMs) });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new TronGridError(`请求 TronGrid 超时（${q.timeoutMs / 1000} 秒无应答）`, null);
    const code = (error as { cause?: { code?: string } })?.cause?.code;
    throw new TronGridError(`无法连接 TronGrid${code ? `（${code}）` : ''}`, null);
  }
  const text = await res.text().catch(() => '');
  let body: any = null;
  try { body = JSON.parse(text); } catch { /* judged below */ }
  if (!res.ok) {
    const said = typeof body?.error === 'string' ? `：${body.error.slice(0, 120)}` : '';
    // TronGrid answers 429, 403 or 503 when a key or an address asks too often, and blocks it for 30 s.
    if ([403, 429, 503].includes(res.status)) throw new TronGridError(`TronGrid 限流（HTTP ${res.status}）${said}`, res.status, true);
    throw new TronGridError(`TronGrid 返回错误（HTTP ${res.status}）${said}`, res.status);
  }
  if (!body || body.success !== true) throw new TronGridError('TronGrid 的应答格式不正确', res.status);
  return body;
}

const HASH = /^[0-9a-fA-F]{64}$/;

/** One record as we use it, or null when a field is missing or malformed. */
function parseTransfer(row: any): ChainTransfer | null {
  if (!row || typeof row !== 'object') return null;
  const { transaction_id: txHash, from, to, type, value, block_timestamp: blockTime } = row;
  const contract = row.token_info?.address;
  if (typeof txHash !== 'string' || !HASH.test(txHash)) return null;
  if (typeof from !== 'string' || typeof to !== 'string' || typeof type !== 'string' || typeof contract !== 'string') return null;
  if (typeof value !== 'string' || !/^\d{1,40}$/.test(value)) return null;
  if (typeof blockTime !== 'number' || !Number.isSafeInteger(blockTime)) return null;
  return { txHash: txHash.toLowerCase(), from, to, type, value: BigInt(value), blockTime, contract };
}
