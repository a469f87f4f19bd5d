import { callStarted } from '../framework/network-quiet';
import { authState } from './auth-state';
import { feedback } from './feedback';
import { navigation } from './navigation';
import { rememberWantedPath } from './wanted-path';

export interface Envelope<T = any> { code: number; message: string; data: T }

/** A refused call: the envelope's code and message, and field errors for forms. */
export class ApiError extends Error {
  constructor(public code: number, message: string, public errors?: Record<string, string>, public data?: unknown) {
    super(message);
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
const SUCCESS = new Set([200, 211]);
/** The server's answers for a session it no longer knows (docs/api.md). */
export const SESSION_GONE = new Set([203, 204, 205]);
/** Where a sup sets up two-step login when it is required of them. */
const SETUP_PATH = '/user/info';
/** Calls that answer 20x on their own terms (a wrong password is not a lost session). */
const NO_RELOGIN = [/\/api\/user\/login/, /\/api\/user\/register/, /\/api\/store\//];

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

function encode(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
}

/** The query string: null and undefined dropped, arrays as `key[]=v`, objects as `key[sub]=v`. */
function queryString(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) { for (const item of value) add(`${key}[]`, item); return; }
    if (value instanceof Date) value = value.toISOString();
    else if (typeof value === 'object') { for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v); return; }
    pairs.push(`${encode(key)}=${encode(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

function urlOf(config: RequestConfig): string {
  let url = /^[a-z][a-z\d+\-.]*:\/\//i.test(config.url) || !apiBase ? config.url : `${apiBase}/${config.url.replace(/^\/+/, '')}`;
  const query = config.params ? queryString(config.params) : '';
  if (query) url = `${url.split('#')[0]}${url.includes('?') ? '&' : '?'}${query}`;
  return url;
}

/** Why a call brought back no envelope. */
type Failure = 'timeout' | 'cancelled' | 'network' | number;

class TransportFailure extends Error {
  constructor(public failure: Failure) {
    super(String(failure));
  }
}

/** What a call that brought back no envelope means, in Chinese. */
function transportError(failure: Failure): string {
  if (failure === 'timeout') return '请求超时，请稍后再试';
  if (failure === 'cancelled') return '请求已取消';
  if (failure === 'network') return '网络连接失败，请检查网络后重试';
  return failure >= 500 ? `服务器错误 (${failure})` : `请求失败 (${failure})`;
}

/** The body as JSON when it parses, else its text. */
function parse(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isEnvelope(value: unknown): value is Envelope {
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

type Started = { at: number; response: Promise<Response> };
type PageWindow = { firstCalls?: Record<string, Started>; appCalling?: boolean };
/**
 * A call the page sent before the app's code arrived (public/first-calls.js, from the calls its page
 * names), for the identical call started ahead by the entry (`startEarly`) within EARLY_MS: taken
 * once. Any call of the app tells the page's script, should it run only now, to send nothing: its
 * answers would come after the app's own.
 */
function takeFirstCall(key: string): Promise<Response> | undefined {
  const started = (window as PageWindow).firstCalls;
  const call = started?.[key];
  if (!call) return undefined;
  delete started![key];
  return performance.now() - call.at <= EARLY_MS ? call.response : undefined;
}

/** A page-sent answer, given up like a call of the app's own: on the timeout or the caller's abort. */
function untilAborted(sent: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    sent.then(resolve, reject);
  });
}

/**
 * Sends one call (or takes the answer to the same call the page sent, `sent`); resolves with the
 * parsed body of a 2xx or the envelope of any other status.
 */
async function send<T>(config: RequestConfig, sent?: Promise<Response>): Promise<Envelope<T>> {
  const { method, body } = callParts(config);
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  const token = authState.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (typeof window !== 'undefined') (window as PageWindow).appCalling = true;
  // The timeout covers reading the body too: a server that stalls mid-answer is given up as well.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; controller.abort(); }, config.timeout ?? TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (config.signal?.aborted) cancel();
  config.signal?.addEventListener('abort', cancel);
  let status: number;
  let parsed: unknown;
  try {
    const response = await (sent ? untilAborted(sent, controller.signal) : fetch(urlOf(config), { method, headers, body, signal: controller.signal }));
    status = response.status;
    parsed = parse(await response.text());
    const rotated = response.ok ? response.headers.get('authorization') : null;
    if (rotated) authState.setToken(rotated.replace(/^Bearer\s+/i, ''), true);
  } catch {
    throw new TransportFailure(timedOut ? 'timeout' : config.signal?.aborted ? 'cancelled' : 'network');
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', cancel);
  }
  if (status >= 200 && status < 300) return parsed as Envelope<T>;
  if (isEnvelope(parsed)) return parsed as Envelope<T>;
  throw new TransportFailure(status);
}

/** How long a call started ahead waits to be taken by the code that makes it. */
const EARLY_MS = 15_000;
const early = new Map<string, Promise<Envelope>>();
/** The answers of the calls started ahead, once in. */
const answered = new WeakMap<Promise<Envelope>, Envelope>();
// The token is part of the key: an answer never goes to another account's call.
const keyOf = (config: RequestConfig) => {
  const { method, url, body } = callParts(config);
  return `${authState.getToken() ?? ''} ${method} ${url} ${body ?? ''}`;
};

/**
 * Sends a call a screen is about to make, before that screen's code has arrived (the entry starts
 * them as it runs: on a slow network the answer is in by the time the screen is drawn). The same
 * call made within EARLY_MS takes its answer instead of sending again; the answer is handled then
 * (a failure is shown by that call), otherwise dropped.
 */
export function startEarly(config: RequestConfig): void {
  const key = keyOf(config);
  if (early.has(key)) return;
  const call = send(config, typeof window === 'undefined' ? undefined : takeFirstCall(key));
  call.then((body) => { answered.set(call, body); }, () => undefined);
  early.set(key, call);
  setTimeout(() => { if (early.get(key) === call) early.delete(key); }, EARLY_MS);
}

/**
 * The data of a call started ahead whose answer is already in and plainly successful (code 200),
 * taken at once: a screen drawn with it need not be drawn again when a promise settles. Undefined
 * otherwise; the call is then made as usual (and takes the answer when it comes).
 */
export function peekEarly<T>(config: RequestConfig): T | undefined {
  const key = keyOf(config);
  const call = early.get(key);
  const body = call && answered.get(call);
  if (body?.code !== 200) return undefined;
  early.delete(key);
  callStarted()(); // a call the page made, for what waits for the network to go quiet
  return body.data as T;
}

function takeEarly<T>(config: RequestConfig): Promise<Envelope<T>> | undefined {
  const key = keyOf(config);
  const call = early.get(key);
  early.delete(key);
  return call as Promise<Envelope<T>> | undefined;
}

/** Sends one call and unwraps the envelope: resolves with `data` on 200/211, rejects otherwise. */
export async function request<T = any>(config: RequestConfig, options: CallOptions = {}): Promise<T> {
  let body: Envelope<T>;
  // Told to the framework, which fetches what may be needed later only once calls have gone quiet.
  const ended = callStarted();
  try {
    body = await (takeEarly<T>(config) ?? send<T>(config));
  } catch (error) {
    const failure = error instanceof TransportFailure ? error.failure : 'network';
    const text = transportError(failure);
    // A call the page itself abandoned (it moved on) is no failure to tell anyone about.
    if (!options.silent && failure !== 'cancelled') feedback.error(text);
    throw new ApiError(0, text);
  } finally {
    ended();
  }
  if (body && SUCCESS.has(body.code)) {
    if (body.code === 211 && body.message) feedback.success(body.message);
    return body.data;
  }
  const code = body?.code ?? 0;
  const text = body?.message || 'Error';
  if (SESSION_GONE.has(code) && !options.noRelogin && !NO_RELOGIN.some((re) => re.test(config.url))) {
    feedback.relogin(text);
    // Logging in again comes back here.
    rememberWantedPath(window.location.pathname + window.location.search);
    authState.clear();
    navigation.go('/login');
  } else {
    if (!options.silent) feedback.error(text);
    // A sup whose two-step login became required while logged in: the setup is on user/info.
    if ((body?.data as any)?.totp_setup_required === true && window.location.pathname !== SETUP_PATH) navigation.go(SETUP_PATH);
  }
  throw new ApiError(code, text, (body?.data as any)?.errors, body?.data);
}

export const api = {
  get: <T = any>(url: string, params?: Record<string, unknown>, options?: CallOptions) =>
    request<T>({ method: 'GET', url, params }, options),
  post: <T = any>(url: string, data: unknown = {}, params?: Record<string, unknown>, options?: CallOptions) =>
    request<T>({ method: 'POST', url, data, params }, options),
};
