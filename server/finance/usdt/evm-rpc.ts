/**
 * The JSON-RPC calls the EVM watcher needs (docs/usdt-chains.md): the head block, USDT Transfer logs
 * to our addresses in a block range, a block's time. Plain JSON-RPC over the platform's outbound
 * request rather than a library client: the RPC URL is typed in by the sup, so every call keeps the
 * address rules (an inside address refused unless allowed, no redirect followed, the answer's text
 * never echoed) that TronGrid's calls keep.
 */
import { outboundRequest, type OutboundResult } from '../../platform/http/outbound.js';

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface RpcTarget {
  url: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** A failed call: a Chinese message for the sup's screen; whether the node asked us to slow down, or to ask for fewer blocks. */
export class RpcError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
    public readonly rateLimited = false,
    public readonly rangeTooLarge = false,
  ) {
    super(message);
  }
}

/** One USDT Transfer log as the watcher uses it; addresses in lower case. */
export interface TransferLog {
  block: number;
  txHash: string;
  logIndex: number;
  contract: string;
  from: string;
  to: string;
  /** In the token's smallest unit. */
  value: bigint;
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const WORD = /^0x[0-9a-fA-F]{64}$/;

export const toHex = (n: number) => `0x${n.toString(16)}`;
/** An address as topics carry it: left-padded to 32 bytes. */
export const padTopic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

function quantity(v: unknown): number | null {
  if (typeof v !== 'string' || !HEX_QUANTITY.test(v)) return null;
  const n = Number.parseInt(v, 16);
  return Number.isSafeInteger(n) ? n : null;
}

export async function blockNumber(t: RpcTarget): Promise<number> {
  const n = quantity(await call(t, 'eth_blockNumber', []));
  if (n === null) throw new RpcError('节点返回的区块高度格式不正确', 200);
  return n;
}

/** A block's time (ms); a block the node does not have yet is a lag. */
export async function blockTime(t: RpcTarget, block: number): Promise<number> {
  const result = (await call(t, 'eth_getBlockByNumber', [toHex(block), false])) as { timestamp?: unknown } | null;
  if (result === null) throw new RpcError(`节点尚未同步到区块 ${block}，稍后重试`, 200);
  const seconds = quantity(result?.timestamp);
  if (seconds === null) throw new RpcError('节点返回的区块时间格式不正确', 200);
  return seconds * 1000;
}

/**
 * Transfer logs of the contract to any of `addresses` in blocks [from, to], oldest first, and how
 * many records were malformed (skipped). Logs the node marks `removed` (a re-organisation) are left out.
 */
export async function transferLogs(
  t: RpcTarget,
  q: { contract: string; addresses: string[]; from: number; to: number },
): Promise<{ logs: TransferLog[]; skipped: number }> {
  const padded = q.addresses.map(padTopic);
  const filter = {
    fromBlock: toHex(q.from),
    toBlock: toHex(q.to),
    address: q.contract,
    topics: [TRANSFER_TOPIC, null, padded.length === 1 ? padded[0] : padded],
  };
  const result = await call(t, 'eth_getLogs', [filter]);
  if (!Array.isArray(result)) throw new RpcError('节点返回的日志格式不正确', 200);
  const logs: TransferLog[] = [];
  let skipped = 0;
  for (const raw of result) {
    const log = parseLog(raw);
    if (log === 'removed') continue;
    if (!log) skipped += 1;
    else logs.push(log);
  }
  logs.sort((a, b) => a.block - b.block || a.logIndex - b.logIndex);
  return { logs, skipped };
}

function parseLog(raw: unknown): TransferLog | 'removed' | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (r.removed === true) return 'removed';
  const block = quantity(r.blockNumber);
  const logIndex = quantity(r.logIndex);
  const topics = Array.isArray(r.topics) ? r.topics : [];
  if (block === null || logIndex === null || typeof r.transactionHash !== 'string' || !HASH.test(r.transactionHash)) return null;
  if (typeof r.address !== 'string' || typeof r.data !== 'string' || !WORD.test(r.data)) return null;
  if (topics.length !== 3 || !topics.every((x) => typeof x === 'string' && WORD.test(x))) return null;
  if (String(topics[0]).toLowerCase() !== TRANSFER_TOPIC) return null;
  const address = (topic: string) => `0x${topic.slice(26).toLowerCase()}`;
  return {
    block,
    txHash: r.transactionHash.toLowerCase(),
    logIndex,
    contract: r.address.toLowerCase(),
    from: address(topics[1] as string),
    to: address(topics[2] as string),
    value: BigInt(r.data),
  };
}

/** Words of the messages nodes send when a getLogs range or its answer is too big (they differ by provider). */
const RANGE_WORDS = /range|too (many|large|big)|more than|exceed|limit|response size|10000 results/i;
const RATE_WORDS = /rate|too many requests|capacity|throttl|per second/i;

let nextId = 1;

async function call(t: RpcTarget, method: string, params: unknown[]): Promise<unknown> {
  let target: URL;
  try {
    target = new URL(t.url);
  } catch {
    throw new RpcError('RPC 地址不是有效的网址', null);
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
  const res = await outboundRequest(target, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    timeoutMs: t.timeoutMs,
    allowPrivate: t.allowPrivate,
    noun: 'RPC 地址',
    maxBytes: 8 << 20,
  });
  if (!res.ok) throw failed(res, t.timeoutMs);
  if (res.status === 429) throw new RpcError('RPC 节点限流（HTTP 429）', 429, true);
  let answer: { result?: unknown; error?: { code?: unknown; message?: unknown } } | null = null;
  try {
    answer = JSON.parse(res.body);
  } catch {
    /* judged below */
  }
  if (answer && typeof answer === 'object' && answer.error && typeof answer.error === 'object') {
    // The node's own words are matched, never shown: the sup sees a fixed message and the code.
    const code = typeof answer.error.code === 'number' ? answer.error.code : null;
    const words = typeof answer.error.message === 'string' ? answer.error.message : '';
    const tag = code === null ? '' : `（错误码 ${code}）`;
    if (RATE_WORDS.test(words) || code === -32029) throw new RpcError(`RPC 节点限流${tag}`, res.status, true);
    if (method === 'eth_getLogs' && (code === -32005 || RANGE_WORDS.test(words)))
      throw new RpcError(`RPC 节点拒绝了过大的区块范围${tag}`, res.status, false, true);
    throw new RpcError(`RPC 节点返回错误${tag}`, res.status);
  }
  if ([403, 503].includes(res.status)) throw new RpcError(`RPC 节点限流（HTTP ${res.status}）`, res.status, true);
  if (res.status < 200 || res.status > 299) throw new RpcError(`RPC 节点返回错误（HTTP ${res.status}）`, res.status);
  if (!answer || typeof answer !== 'object' || !('result' in answer)) throw new RpcError('RPC 节点的应答格式不正确', res.status);
  return answer.result;
}

function failed(f: Extract<OutboundResult, { ok: false }>, timeoutMs: number): RpcError {
  switch (f.failure) {
    case 'refused':
    case 'unresolved':
      return new RpcError(f.error, null);
    case 'redirect':
      return new RpcError(`RPC 节点返回重定向（HTTP ${f.status}），不会跟随`, f.status);
    case 'too_large':
      return new RpcError('RPC 节点应答过大', f.status, false, true);
    case 'timeout':
      return new RpcError(`请求 RPC 节点超时（${timeoutMs / 1000} 秒无应答）`, null);
    case 'network':
    case 'aborted':
      return new RpcError(`无法连接 RPC 节点${f.code ? `（${f.code}）` : ''}`, null);
  }
}
