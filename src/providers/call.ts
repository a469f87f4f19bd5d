/** One call to the API as the console makes it: its shape, its URL, and what its failures mean. */

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** A refused call: the envelope's code and message, and field errors for forms. */
export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public errors?: Record<string, string>,
    public data?: unknown,
  ) {
    super(message);
  }

  /** The envelope's code, where Refine looks for an error's status (its HttpError). */
  get statusCode(): number {
    return this.code;
  }
}

/** One call to the API. */
export interface RequestConfig {
  method?: 'GET' | 'POST';
  url: string;
  /** Sent as JSON (not on GET). */
  data?: unknown;
  /** Appended to the URL as the query string. */
  params?: Record<string, unknown>;
  /** Milliseconds before the call is given up; TIMEOUT_MS when absent. */
  timeout?: number;
  /** Lets the caller abandon the call; an abandoned call is not toasted. */
  signal?: AbortSignal;
}

export const TIMEOUT_MS = 60_000;
export const SUCCESS = new Set([200, 211]);
/** The server's answers for a session it no longer knows (docs/api.md). */
export const SESSION_GONE = new Set([203, 204, 205]);

export interface CallOptions {
  /** Do not toast the error (the caller shows it, e.g. on form fields). */
  silent?: boolean;
  /** A refused session is the caller's to handle (the route guard sends the user to /store). */
  noRelogin?: boolean;
}

/** Prefixed to relative URLs; empty in the browser (same origin). */
let apiBase = '';

/** Points the client at another server, e.g. a test's (Node's fetch has no page origin to resolve against). */
export function setApiBase(url: string): void {
  apiBase = url.replace(/\/+$/, '');
}

export const apiBaseUrl = (): string => apiBase;

function encode(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
}

/** The query string: null and undefined dropped, arrays as `key[]=v`, objects as `key[sub]=v`. */
export function queryString(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) add(`${key}[]`, item);
      return;
    }
    if (value instanceof Date) value = value.toISOString();
    else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
      return;
    }
    pairs.push(`${encode(key)}=${encode(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

export function urlOf(config: RequestConfig): string {
  let url = /^[a-z][a-z\d+\-.]*:\/\//i.test(config.url) || !apiBase ? config.url : `${apiBase}/${config.url.replace(/^\/+/, '')}`;
  const query = config.params ? queryString(config.params) : '';
  if (query) url = `${url.split('#')[0]}${url.includes('?') ? '&' : '?'}${query}`;
  return url;
}

/** Why a call brought back no envelope. */
export type Failure = 'timeout' | 'cancelled' | 'network' | number;

export class TransportFailure extends Error {
  constructor(public failure: Failure) {
    super(String(failure));
  }
}

/** What a call that brought back no envelope means, in Chinese. */
export function transportError(failure: Failure): string {
  if (failure === 'timeout') return '请求超时，请稍后再试';
  if (failure === 'cancelled') return '请求已取消';
  if (failure === 'network') return '网络连接失败，请检查网络后重试';
  return failure >= 500 ? `服务器错误 (${failure})` : `请求失败 (${failure})`;
}

/** The body as JSON when it parses, else its text. */
export function parse(text: unknown): unknown {
  if (typeof text !== 'string' || !text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function isEnvelope(value: unknown): value is Envelope {
  return !!value && typeof value === 'object' && 'code' in value;
}

/**
 * A call as it goes out: method, full URL and JSON body (none for GET). The build names a screen's
 * first calls in its page this way (scripts/prerender.mjs), for public/first-calls.js to send.
 */
export function callParts(config: RequestConfig): { method: string; url: string; body?: string } {
  const method = config.method ?? 'GET';
  return { method, url: urlOf(config), body: config.data !== undefined && method !== 'GET' ? JSON.stringify(config.data) : undefined };
}
