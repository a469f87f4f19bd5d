import http from 'node:http';
import https from 'node:https';
import { resolveTarget, type Target } from './outbound-address.js';
import { agentFor } from './outbound-agents.js';

/**
 * One HTTP request to an address someone typed in (staff or users), made so that it cannot
 * be turned on the server's own network: the name is resolved and checked (outbound-address.ts) and
 * the connection goes to the address that was checked, never to a second lookup; the URL's name is
 * still what the TLS certificate and the Host header name. No redirect is followed (a 3xx is a
 * failure, its body not read), the whole exchange (resolving included) is bounded by `timeoutMs`, and
 * the body read is capped. Connections are kept open for the next request to the same checked
 * address (outbound-agents.ts).
 *
 * The answer's body is handed back for the caller to parse, never put in `error`: a caller must not
 * show it to whoever typed the address either, or the server becomes a way to read inside pages.
 */

export interface OutboundOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Loopback, private and unique-local addresses allowed (tests, closed networks); link-local and reserved never. */
  allowPrivate: boolean;
  /** The most of the body read; past it the request fails as `too_large`. Default 1 MiB. */
  maxBytes?: number;
  /** false: only the status is wanted; the body is not read (the answer's `body` is empty) and the connection is closed. */
  readBody?: boolean;
  /** Aborting it ends the request at once as `aborted`. */
  signal?: AbortSignal;
  /** What the caller calls the address in its messages (for example 回调地址); default 目标地址. */
  noun?: string;
}

/**
 * refused: the address may not be asked (nothing was sent); unresolved: the name gave no address
 * (nothing was sent); redirect: a 3xx came back; too_large: the body passed `maxBytes`; aborted: the
 * caller's signal ended it; the others: no usable answer.
 */
export type OutboundFailure = 'refused' | 'unresolved' | 'redirect' | 'timeout' | 'network' | 'too_large' | 'aborted';

export type OutboundResult =
  | { ok: true; status: number; body: string }
  | { ok: false; failure: OutboundFailure; status: number | null; code: string | null; error: string };

export const DEFAULT_MAX_BYTES = 1 << 20;

export async function outboundRequest(url: URL, o: OutboundOptions): Promise<OutboundResult> {
  const noun = o.noun ?? '目标地址';
  const deadline = Date.now() + o.timeoutMs;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, failure: 'refused', status: null, code: null, error: `${noun}只能是 http:// 或 https:// 开头` };
  }
  const resolved = await resolveTarget(url, o.allowPrivate, o.timeoutMs, noun);
  if (!resolved.ok)
    return { ok: false, failure: resolved.unresolved ? 'unresolved' : 'refused', status: null, code: null, error: resolved.error };
  const left = deadline - Date.now();
  if (left <= 0) return timedOut(noun, o.timeoutMs);
  return requestChecked(url, resolved.target, { ...o, timeoutMs: left });
}

/**
 * The request of `outboundRequest` to an address already resolved and checked by `resolveTarget`
 * (for a caller that checks first, then builds what it sends); `timeoutMs` is what is left.
 */
export function requestChecked(url: URL, target: Target, o: Omit<OutboundOptions, 'allowPrivate'>): Promise<OutboundResult> {
  const noun = o.noun ?? '目标地址';
  const secure = url.protocol === 'https:';
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
  const headers: Record<string, string | number> = { ...o.headers };
  if (o.body !== undefined) headers['content-length'] = Buffer.byteLength(o.body);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (secure ? 443 : 80));
  if (o.signal?.aborted) return Promise.resolve(aborted(noun));
  return new Promise((resolve) => {
    let settled = false;
    /** `keep`: the exchange ended cleanly and its connection may serve the next request. */
    const done = (r: OutboundResult, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (!keep) req.destroy();
      resolve(r);
    };
    const req = (secure ? https : http).request(
      {
        protocol: url.protocol,
        hostname,
        port,
        path: `${url.pathname}${url.search}`,
        method: o.method ?? 'GET',
        // Its sockets connect only to `target`, whatever the name resolves to now.
        agent: agentFor(secure, target, port, hostname),
        headers,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          done({ ok: false, failure: 'redirect', status, code: null, error: `${noun}返回重定向（HTTP ${status}），不会跟随` });
          return;
        }
        if (o.readBody === false) {
          done({ ok: true, status, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) done({ ok: false, failure: 'too_large', status, code: null, error: `${noun}的应答超过 ${maxBytes} 字节` });
          else chunks.push(chunk);
        });
        res.on('end', () => done({ ok: true, status, body: Buffer.concat(chunks).toString('utf8') }, true));
        res.on('error', (err: NodeJS.ErrnoException) => done(networkFailure(err, noun)));
        // Cut off before the end of the body (after 'end' this does nothing).
        res.on('close', () => done({ ok: false, failure: 'network', status, code: 'ECONNRESET', error: `${noun}断开了连接` }));
      },
    );
    const timer = setTimeout(() => done(timedOut(noun, o.timeoutMs)), o.timeoutMs);
    const onAbort = () => done(aborted(noun));
    o.signal?.addEventListener('abort', onAbort);
    req.on('error', (err: NodeJS.ErrnoException) => done(networkFailure(err, noun)));
    req.end(o.body);
  });
}

function timedOut(noun: string, timeoutMs: number): OutboundResult {
  return {
    ok: false,
    failure: 'timeout',
    status: null,
    code: null,
    error: `${noun} ${Math.max(1, Math.round(timeoutMs / 1000))} 秒内没有应答`,
  };
}

function aborted(noun: string): OutboundResult {
  return { ok: false, failure: 'aborted', status: null, code: null, error: `对${noun}的请求已取消` };
}

function networkFailure(err: NodeJS.ErrnoException, noun: string): OutboundResult {
  return { ok: false, failure: 'network', status: null, code: err.code ?? null, error: networkError(err, noun) };
}

function networkError(err: NodeJS.ErrnoException, noun: string): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return `${noun}拒绝连接`;
    case 'ECONNRESET':
      return `${noun}断开了连接`;
    case 'ETIMEDOUT':
      return `连接${noun}超时`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${noun}无法到达`;
    default:
      if (/certificate|SSL|TLS/i.test(err.message) || err.code?.startsWith('ERR_TLS') || err.code?.includes('CERT'))
        return `${noun}的 HTTPS 证书无效（${err.code ?? 'TLS'}）`;
      return `发送失败（${err.code ?? '网络错误'}）`;
  }
}
