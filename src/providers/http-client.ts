import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { callStarted } from '../framework/network-quiet';
import { authState } from './auth-state';
import { feedback } from './feedback';
import {
  ApiError,
  apiBaseUrl,
  isEnvelope,
  parse,
  queryString,
  SESSION_GONE,
  SUCCESS,
  TIMEOUT_MS,
  TransportFailure,
  transportError,
  type CallOptions,
  type Envelope,
  type Failure,
  type RequestConfig,
} from './call';
import { takeEarly, type PageWindow } from './early-calls';
import { navigation } from './navigation';
import { rememberWantedPath } from './wanted-path';

declare module 'axios' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface: axios's config takes our call options
  interface AxiosRequestConfig extends CallOptions {}
}

/** Where a sup sets up two-step login when it is required of them. */
const SETUP_PATH = '/user/info';
/** Calls that answer 20x on their own terms (a wrong password is not a lost session). */
const NO_RELOGIN = [/\/api\/user\/login/, /\/api\/user\/register/, /\/api\/store\//];

/**
 * The console's one HTTP client. Every status comes back as a response (an envelope may come with
 * any of them), the body read as text and parsed here; the query is ours (`key[]=v`, as the build
 * names first calls). Its interceptors carry the session: the token out, a rotated token in, a call
 * started ahead taken instead of sent again, and the envelope settled (its data, or a refusal
 * toasted; 203/204/205 end the session).
 */
export const http = axios.create({
  adapter: 'fetch',
  timeout: TIMEOUT_MS,
  headers: { Accept: 'application/json, text/plain, */*' },
  paramsSerializer: { serialize: queryString },
  responseType: 'text',
  transformResponse: [parse],
  validateStatus: () => true,
});

/** The calls under way, told to the framework (which fetches what may be needed later once they are quiet). */
const reported = new WeakMap<InternalAxiosRequestConfig, () => void>();
const reportEnd = (config?: InternalAxiosRequestConfig) => {
  if (config) reported.get(config)?.();
};

http.interceptors.request.use((config) => {
  config.baseURL = apiBaseUrl() || undefined;
  // The same call started ahead (src/providers/http.ts): its answer is this call's, not sent again.
  const taken = takeEarly({
    method: config.method?.toUpperCase() as RequestConfig['method'],
    url: config.url ?? '',
    params: config.params,
    data: config.data,
  });
  if (taken) config.adapter = startedAhead(taken);
  reported.set(config, callStarted());
  const token = authState.getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  if (typeof window !== 'undefined') (window as PageWindow).appCalling = true;
  return config;
});

http.interceptors.response.use(
  (response: AxiosResponse) => {
    reportEnd(response.config);
    const ok = response.status >= 200 && response.status < 300;
    const rotated = ok ? response.headers.authorization : null;
    if (rotated) authState.setToken(String(rotated).replace(/^Bearer\s+/i, ''), true);
    if (!ok && !isEnvelope(response.data)) return failed(response.status, response.config);
    response.data = settle(response.data as Envelope, response.config);
    return response;
  },
  (error: unknown) => {
    const config = (error as AxiosError).config;
    reportEnd(config);
    return failed(failureOf(error), config ?? {});
  },
);

/** The adapter of a call whose answer a call started ahead brings (an envelope, or why none came). */
const startedAhead =
  (call: Promise<Envelope>): AxiosAdapter =>
  async (config) => ({ data: await call, status: 200, statusText: 'OK', headers: new AxiosHeaders(), config, request: null });

function failureOf(error: unknown): Failure {
  if (error instanceof TransportFailure) return error.failure;
  if (axios.isCancel(error)) return 'cancelled';
  const code = (error as AxiosError)?.code;
  return code === AxiosError.ETIMEDOUT || code === AxiosError.ECONNABORTED ? 'timeout' : 'network';
}

/** A call that brought back no envelope: told (unless its caller abandoned it or shows it), then refused. */
function failed(failure: Failure, options: CallOptions): never {
  const text = transportError(failure);
  if (!options.silent && failure !== 'cancelled') feedback.error(text);
  throw new ApiError(0, text);
}

/** An envelope's outcome: its `data` on 200/211 (211's message toasted), else a refusal (a lost session ends here). */
function settle<T>(body: Envelope<T>, config: { url?: string } & CallOptions): T {
  if (body && SUCCESS.has(body.code)) {
    if (body.code === 211 && body.message) feedback.success(body.message);
    return body.data;
  }
  const code = body?.code ?? 0;
  const text = body?.message || 'Error';
  const refusal = body?.data as { totp_setup_required?: unknown; errors?: Record<string, string> } | null | undefined;
  if (SESSION_GONE.has(code) && !config.noRelogin && !NO_RELOGIN.some((re) => re.test(config.url ?? ''))) {
    feedback.relogin(text);
    // Logging in again comes back here.
    rememberWantedPath(window.location.pathname + window.location.search);
    authState.clear();
    navigation.go('/login');
  } else {
    if (!config.silent) feedback.error(text);
    // A sup whose two-step login became required while logged in: the setup is on user/info.
    if (refusal?.totp_setup_required === true && window.location.pathname !== SETUP_PATH) navigation.go(SETUP_PATH);
  }
  throw new ApiError(code, text, refusal?.errors, body?.data);
}
