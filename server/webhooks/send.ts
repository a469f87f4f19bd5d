import { requestChecked } from '../platform/http/outbound.js';
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
 * One POST of a delivery to the address that was checked (`target`, from address.ts), through the
 * platform's outbound request (server/platform/http/outbound.ts): no redirect followed, the whole
 * exchange bounded by `timeoutMs`, and only the status read, never the body. `noun` is what the
 * customer calls the address in the messages.
 */
export async function post(
  url: URL,
  target: Target,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
  noun = '回调地址',
): Promise<Sent> {
  const r = await requestChecked(url, target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'code-console-webhook/1', ...headers },
    body,
    timeoutMs,
    readBody: false,
    signal,
    noun,
  });
  if (r.ok)
    return r.status >= 200 && r.status < 300
      ? { ok: true, status: r.status, error: null }
      : { ok: false, status: r.status, error: `${noun}返回 HTTP ${r.status}` };
  if (r.failure === 'aborted') return { ok: false, status: null, error: '服务正在停止，稍后重试' };
  return { ok: false, status: r.status, error: r.error };
}
