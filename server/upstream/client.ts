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
 * The provider's address was typed in by staff, so the call goes through the platform's outbound
 * request (an address inside refused unless allowed, no redirect followed), and an answer's body is
 * only ever parsed, never put in an outcome: what an address that is not a provider answers stays
 * unseen.
 */
import { outboundRequest, type OutboundResult } from '../platform/http/outbound.js';
import { parseUpstreamAnswer, type UpstreamAction } from './answers.js';
export type { ActiveActivation, ActivationStatus, UpstreamRefusal } from './answers.js';
import type { ActiveActivation, ActivationStatus, UpstreamRefusal } from './answers.js';

/** ADDRESS_REFUSED: the provider's address may not be asked (inside, reserved); nothing was sent. */
export type UpstreamOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; word: UpstreamRefusal | 'ADDRESS_REFUSED'; detail: string | null; message: string }
  | { kind: 'unknown'; cause: UnknownCause; detail: string; message: string };

type UnknownCause = 'timeout' | 'network' | 'http_status' | 'redirect' | 'too_large' | 'garbage' | 'provider_error';

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
  /** Loopback and private addresses may be asked (WEBHOOK_ALLOW_PRIVATE=1: tests, closed networks). */
  allowPrivate: boolean;
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

/** Fixed messages: the answer's own text is never part of one. */
const UNKNOWN_MESSAGES: Record<UnknownCause, (status: number | null) => string> = {
  timeout: () => '上游接口超时，结果未知',
  network: () => '无法连接上游接口',
  http_status: (status) => `上游接口返回 HTTP ${status}`,
  redirect: (status) => `上游接口返回重定向（HTTP ${status}），不会跟随`,
  too_large: () => '上游应答过大',
  garbage: () => '上游接口返回了无法识别的内容',
  provider_error: () => '上游接口内部错误',
};

/**
 * The most of an answer read: getActiveActivations lists every open activation of the account, which
 * for a busy one runs to megabytes. Past it the call fails as too large, said as such.
 */
export const MAX_ANSWER_BYTES = 8 << 20;

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
  readonly #allowPrivate: boolean;

  constructor(options: UpstreamOptions) {
    this.#apiKey = options.apiKey;
    this.#url = handlerUrl(options.baseUrl);
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#method = options.method ?? 'GET';
    this.#allowPrivate = options.allowPrivate;
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
    const post = this.#method === 'POST';
    const answer = await outboundRequest(url, {
      method: this.#method,
      headers: { accept: '*/*', 'user-agent': 'code-console/1', ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: post ? '' : undefined,
      timeoutMs: this.#timeoutMs,
      allowPrivate: this.#allowPrivate,
      maxBytes: MAX_ANSWER_BYTES,
      noun: '上游地址',
    });
    if (!answer.ok) return this.#failed(answer);
    const { status, body } = answer;
    const parsed = parseUpstreamAnswer(action, body);
    if (parsed.kind === 'refused') return parsed;
    if (status < 200 || status > 299) return this.#unknown('http_status', status);
    if (parsed.kind === 'ok') return { kind: 'ok', value: parsed.value as T };
    return this.#unknown(parsed.providerError ? 'provider_error' : 'garbage', status);
  }

  #failed(f: Extract<OutboundResult, { ok: false }>): UpstreamOutcome<never> {
    switch (f.failure) {
      case 'refused':
        return { kind: 'refused', word: 'ADDRESS_REFUSED', detail: null, message: f.error };
      case 'redirect':
        return this.#unknown('redirect', f.status);
      case 'too_large':
        return this.#unknown('too_large', f.status);
      case 'timeout':
        return {
          kind: 'unknown',
          cause: 'timeout',
          detail: `no answer within ${this.#timeoutMs} ms`,
          message: UNKNOWN_MESSAGES.timeout(null),
        };
      // A name that gives no address: nothing was sent, but the next try may reach it.
      case 'unresolved':
        return { kind: 'unknown', cause: 'network', detail: 'DNS', message: f.error };
      case 'network':
      case 'aborted':
        return { kind: 'unknown', cause: 'network', detail: f.code ?? 'network', message: UNKNOWN_MESSAGES.network(null) };
    }
  }

  /** The status is all that is told of an answer that was not understood. */
  #unknown(cause: UnknownCause, status: number | null): UpstreamOutcome<never> {
    return { kind: 'unknown', cause, detail: status === null ? '' : `HTTP ${status}`, message: UNKNOWN_MESSAGES[cause](status) };
  }
}
