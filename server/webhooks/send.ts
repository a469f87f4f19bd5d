import http from 'node:http';
import https from 'node:https';
import type { Target } from './address.js';

export interface Sent {
  /** A 2xx came back. */
  ok: boolean;
  /** The HTTP status, when an answer came. */
  status: number | null;
  /** Why it failed (Chinese, for the customer's log), or null. */
  error: string | null;
}

/**
 * One POST of a delivery to the address that was checked (`target`), never another: the URL's name
 * is still what the TLS certificate and the Host header name. No redirect is followed (a 3xx is a
 * failure), the whole exchange is bounded by `timeoutMs`, and the answer's body is not read.
 */
export function post(url: URL, target: Target, body: string, headers: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<Sent> {
  const secure = url.protocol === 'https:';
  const client = secure ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (sent: Sent) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(sent);
    };
    const req = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'code-console-webhook/1', ...headers },
      // Connect where the check said, whatever the name resolves to now.
      lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: any[]) => void) => {
        if (opts?.all) cb(null, [{ address: target.address, family: target.family }]);
        else cb(null, target.address, target.family);
      }) as any,
    }, (res) => {
      const status = res.statusCode ?? 0;
      res.destroy();
      if (status >= 200 && status < 300) done({ ok: true, status, error: null });
      else if (status >= 300 && status < 400) done({ ok: false, status, error: `回调地址返回重定向（HTTP ${status}），不会跟随` });
      else done({ ok: false, status, error: `回调地址返回 HTTP ${status}` });
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, status: null, error: `回调地址 ${Math.round(timeoutMs / 1000)} 秒内没有应答` });
    }, timeoutMs);
    const onAbort = () => {
      req.destroy();
      done({ ok: false, status: null, error: '服务正在停止，稍后重试' });
    };
    signal?.addEventListener('abort', onAbort);
    req.on('error', (err: NodeJS.ErrnoException) => done({ ok: false, status: null, error: networkError(err) }));
    req.end(body);
  });
}

function networkError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED': return '回调地址拒绝连接';
    case 'ECONNRESET': return '回调地址断开了连接';
    case 'ETIMEDOUT': return '连接回调地址超时';
    case 'EHOSTUNREACH': case 'ENETUNREACH': return '回调地址无法到达';
    default:
      if (/certificate|SSL|TLS/i.test(err.message) || err.code?.startsWith('ERR_TLS') || err.code?.includes('CERT')) return `回调地址的 HTTPS 证书无效（${err.code ?? 'TLS'}）`;
      return `发送失败（${err.code ?? '网络错误'}）`;
  }
}
