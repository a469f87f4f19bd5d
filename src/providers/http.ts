import { later } from '../framework/later';
import { callStarted } from '../framework/network-quiet';
import type { CallOptions, RequestConfig } from './call';

export { ApiError, callParts, SESSION_GONE, setApiBase, TIMEOUT_MS, type CallOptions, type Envelope, type RequestConfig } from './call';
export { peekEarly, startEarly } from './early-calls';

/**
 * The console's axios client (src/providers/http-client.ts), loaded on the first call or once the
 * page is quiet (src/providers/data-provider.ts asks): a screen drawn with the answers fetched ahead
 * needs none of it for its first paint.
 */
const clientCode = later(() => import('./http-client'));

/** Sends one call and unwraps the envelope: resolves with `data` on 200/211, rejects with ApiError otherwise. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a caller that names no answer type reads the JSON as it is (as axios does)
export async function request<T = any>(config: RequestConfig, options: CallOptions = {}): Promise<T> {
  // Waiting for the client is part of the call, for what waits for the network to go quiet.
  const loading = callStarted();
  let http;
  try {
    ({ http } = await clientCode.load());
  } finally {
    loading();
  }
  return (await http.request<T>({ ...config, ...options })).data;
}

export const api = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as request's
  get: <T = any>(url: string, params?: Record<string, unknown>, options?: CallOptions) =>
    request<T>({ method: 'GET', url, params }, options),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as request's
  post: <T = any>(url: string, data: unknown = {}, params?: Record<string, unknown>, options?: CallOptions) =>
    request<T>({ method: 'POST', url, data, params }, options),
};
