import { callStarted } from '../framework/network-quiet';
import { authState } from './auth-state';
import { callParts, isEnvelope, parse, TIMEOUT_MS, TransportFailure, urlOf, type Envelope, type RequestConfig } from './call';

type Started = { at: number; response: Promise<Response> };
export type PageWindow = { firstCalls?: Record<string, Started>; appCalling?: boolean };
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
 * Sends a call started ahead (or takes the answer to the same call the page sent, `sent`); resolves
 * with the parsed body of a 2xx or the envelope of any other status. Plain fetch, so the first paint
 * needs no more than this: the answer is settled by the client's call that takes it.
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
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeout ?? TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (config.signal?.aborted) cancel();
  config.signal?.addEventListener('abort', cancel);
  let status: number;
  let parsed: unknown;
  try {
    const response = await (sent
      ? untilAborted(sent, controller.signal)
      : fetch(urlOf(config), { method, headers, body, signal: controller.signal }));
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
// The token is part of the key: an answer never goes to another account's call. A URL joined with an
// empty query (`/api/x?`, `/api/x?&a=1`, as Refine's simple-rest joins a custom call's) is the same call.
const keyOf = (config: RequestConfig) => {
  const { method, url, body } = callParts(config);
  return `${authState.getToken() ?? ''} ${method} ${url.replace(/\?&/, '?').replace(/\?$/, '')} ${body ?? ''}`;
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
  call.then(
    (body) => {
      answered.set(call, body);
    },
    () => undefined,
  );
  early.set(key, call);
  setTimeout(() => {
    if (early.get(key) === call) early.delete(key);
  }, EARLY_MS);
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

/** The answer of the same call started ahead, once (the client's interceptor takes it for its call). */
export function takeEarly<T>(config: RequestConfig): Promise<Envelope<T>> | undefined {
  const key = keyOf(config);
  const call = early.get(key);
  early.delete(key);
  return call as Promise<Envelope<T>> | undefined;
}
