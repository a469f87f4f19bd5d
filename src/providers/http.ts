import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
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

export const TIMEOUT_MS = 60_000;
const SUCCESS = new Set([200, 211]);
const SESSION_GONE = new Set([203, 204, 205]);
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

function createClient(): AxiosInstance {
  const client = axios.create({ timeout: TIMEOUT_MS, headers: { 'Content-Type': 'application/json' } });
  client.interceptors.request.use((config) => {
    const token = authState.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use((response) => {
    const rotated = response.headers['authorization'];
    if (typeof rotated === 'string' && rotated) authState.setToken(rotated.replace(/^Bearer\s+/i, ''), true);
    return response;
  });
  return client;
}

export const client = createClient();

/** What a call that brought back no envelope means, in Chinese (never axios's English). */
export function transportError(err: AxiosError): string {
  if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') return '请求超时，请稍后再试';
  if (axios.isCancel(err)) return '请求已取消';
  const status = err.response?.status;
  if (status) return status >= 500 ? `服务器错误 (${status})` : `请求失败 (${status})`;
  return '网络连接失败，请检查网络后重试';
}

/** Sends one call and unwraps the envelope: resolves with `data` on 200/211, rejects otherwise. */
export async function request<T = any>(config: AxiosRequestConfig, options: CallOptions = {}): Promise<T> {
  let body: Envelope<T>;
  // Told to the framework, which fetches what may be needed later only once calls have gone quiet.
  const ended = callStarted();
  try {
    const response = await client.request<Envelope<T>>(config);
    body = response.data;
  } catch (error) {
    const err = error as AxiosError<Envelope>;
    const envelope = err.response?.data;
    if (envelope && typeof envelope === 'object' && 'code' in envelope) {
      body = envelope as Envelope<T>;
    } else {
      const text = transportError(err);
      // A call the page itself abandoned (it moved on) is no failure to tell anyone about.
      if (!options.silent && !axios.isCancel(error)) feedback.error(text);
      throw new ApiError(0, text);
    }
  } finally {
    ended();
  }
  if (body && SUCCESS.has(body.code)) {
    if (body.code === 211 && body.message) feedback.success(body.message);
    return body.data;
  }
  const code = body?.code ?? 0;
  const text = body?.message || 'Error';
  if (SESSION_GONE.has(code) && !options.noRelogin && !NO_RELOGIN.some((re) => re.test(config.url ?? ''))) {
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
