/**
 * A client for a provider speaking SMS-Activate's handler_api.php (docs/sms-activate.md#calling-providers-upstream):
 * getBalance, getNumber, getStatus, setStatus 1/3/6/8, and getActiveActivations to reconcile.
 *
 * Every call ends in one of three outcomes:
 * - ok: the provider's success answer, parsed;
 * - refused: a known error word (NO_NUMBERS, NO_BALANCE, BAD_KEY, WRONG_MAX_PRICE:x...): the
 *   provider did nothing, so a number was not bought and it is safe to refund;
 * - unknown: timeout, network error, HTTP error, an answer we cannot read, the provider's own
 *   ERROR_SQL. A paid getNumber may or may not have bought a number: the caller reconciles
 *   (getActiveActivations) and never simply retries.
 * The API key never leaves this object except in the request: not in outcomes, errors or JSON.
 */
import { parseUpstreamAnswer, type UpstreamAction } from './answers.js';
export type { ActiveActivation, ActivationStatus, UpstreamRefusal } from './answers.js';
import type { ActiveActivation, ActivationStatus, UpstreamRefusal } from './answers.js';

export type UpstreamOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; word: UpstreamRefusal; detail: string | null; message: string }
  | { kind: 'unknown'; cause: 'timeout' | 'network' | 'http_status' | 'garbage' | 'provider_error'; detail: string; message: string };

export interface UpstreamOptions {
  /** The handler URL (`https://host/stubs/handler_api.php`), or the site (the handler path is added). */
  baseUrl: string;
  /**
   * null: the stored key could not be opened (DEVICE_SECRET_KEY changed since it was sealed). Every
   * call is then refused as BAD_KEY without asking the provider: nothing is bought, and the sup sees
   * why in the provider's last error.
   */
  apiKey: string | null;
  /** Per call, including reading the answer; default 15 s. */
  timeoutMs?: number;
  /** GET (default) or POST with the parameters in the query string and an empty form body. */
  method?: 'GET' | 'POST';
}

export interface GetNumberParams {
  service: string;
  country?: string | number;
  operator?: string;
  /** The most the product may pay the provider, in the provider's currency. */
  maxPrice?: string | number;
}

/** setStatus codes: 1 ready, 3 another code on the same number, 6 finish, 8 cancel. */
export type SetStatusCode = 1 | 3 | 6 | 8;

const UNKNOWN_MESSAGES: Record<Extract<UpstreamOutcome<never>, { kind: 'unknown' }>['cause'], string> = {
  timeout: '上游接口超时，结果未知',
  network: '无法连接上游接口',
  http_status: '上游接口返回 HTTP 错误',
  garbage: '上游接口返回了无法识别的内容',
  provider_error: '上游接口内部错误',
};

const UNOPENED_KEY = '上游 API 密钥无法解密（加密密钥已更换？），请重新填写';

export function handlerUrl(baseUrl: string): URL {
  const url = new URL(baseUrl.trim());
  if (!/\.php$/i.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/stubs/handler_api.php`;
  return url;
}

export class UpstreamClient {
  readonly #apiKey: string | null;
  readonly #url: URL;
  readonly #timeoutMs: number;
  readonly #method: 'GET' | 'POST';

  constructor(options: UpstreamOptions) {
    this.#apiKey = options.apiKey;
    this.#url = handlerUrl(options.baseUrl);
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#method = options.method ?? 'GET';
  }

  /** For logs and the sup's screens: where it points, never the key. */
  get label(): string {
    return `${this.#url.host}${this.#url.pathname}`;
  }

  toJSON() {
    return { upstream: this.label };
  }

  getBalance(): Promise<UpstreamOutcome<{ balance: string; cents: number }>> {
    return this.#call('getBalance', {});
  }

  getNumber(p: GetNumberParams): Promise<UpstreamOutcome<{ activationId: string; phone: string }>> {
    const params: Record<string, string> = { service: p.service, country: String(p.country ?? 0) };
    if (p.operator) params.operator = p.operator;
    if (p.maxPrice !== undefined && p.maxPrice !== '') {
      // SMS-Activate reads maxPrice, DaisySMS max_price; each ignores the other.
      params.maxPrice = String(p.maxPrice);
      params.max_price = String(p.maxPrice);
    }
    return this.#call('getNumber', params);
  }

  getStatus(activationId: string): Promise<UpstreamOutcome<{ status: ActivationStatus; code: string | null }>> {
    return this.#call('getStatus', { id: activationId });
  }

  setStatus(activationId: string, status: SetStatusCode): Promise<UpstreamOutcome<{ answer: string }>> {
    return this.#call('setStatus', { id: activationId, status: String(status) });
  }

  getActiveActivations(): Promise<UpstreamOutcome<ActiveActivation[]>> {
    return this.#call('getActiveActivations', {});
  }

  async #call<T>(action: UpstreamAction, params: Record<string, string>): Promise<UpstreamOutcome<T>> {
    if (this.#apiKey === null) return { kind: 'refused', word: 'BAD_KEY', detail: null, message: UNOPENED_KEY };
    const url = new URL(this.#url);
    url.searchParams.set('api_key', this.#apiKey);
    url.searchParams.set('action', action);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let status: number;
    let body: string;
    try {
      const res = await fetch(url, {
        method: this.#method,
        headers: this.#method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined,
        body: this.#method === 'POST' ? '' : undefined,
        signal: AbortSignal.timeout(this.#timeoutMs),
        redirect: 'follow',
      });
      status = res.status;
      body = await res.text();
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const timeout = e.name === 'TimeoutError' || e.name === 'AbortError';
      const detail = timeout ? `no answer within ${this.#timeoutMs} ms` : [e.cause?.code, e.cause?.message ?? e.message].filter(Boolean).join(' ');
      return this.#unknown(timeout ? 'timeout' : 'network', detail);
    }
    const parsed = parseUpstreamAnswer(action, body);
    if (parsed.kind === 'refused') return parsed;
    if (status < 200 || status > 299) return this.#unknown('http_status', `HTTP ${status}: ${body.slice(0, 100)}`);
    if (parsed.kind === 'ok') return { kind: 'ok', value: parsed.value as T };
    return this.#unknown(parsed.providerError ? 'provider_error' : 'garbage', body.slice(0, 200));
  }

  #unknown(cause: Extract<UpstreamOutcome<never>, { kind: 'unknown' }>['cause'], detail: string): UpstreamOutcome<never> {
    return { kind: 'unknown', cause, detail: this.#redact(detail), message: UNKNOWN_MESSAGES[cause] };
  }

  #redact(text: string): string {
    return this.#apiKey ? text.split(this.#apiKey).join('***') : text;
  }
}
