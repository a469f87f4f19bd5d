import type { AuthProvider } from '@refinedev/core';
import { authState, type UserInfo } from './auth-state';
import { api, ApiError, peekEarly, SESSION_GONE } from './http';
import { takeWantedPath } from './wanted-path';

interface LoginAnswer {
  token: string;
  type: string;
  user: UserInfo;
}

function signIn(answer: LoginAnswer) {
  authState.setToken(answer.token);
  authState.setType(answer.type);
  authState.setUserInfo(answer.user);
}

/** The base-info call under way: the route guard and Refine's check both ask as the console opens. */
let inFlight: Promise<UserInfo | null> | null = null;

/** Waits between tries while the server cannot answer (a restart, a deploy): 1, 2, 4, 8, then every 10 s. */
const RETRY_MS = [1_000, 2_000, 4_000, 8_000, 10_000];

/** Why a try failed, as the spinner says it: the server's own words for a refusal, else that it cannot be reached. */
export type BaseInfoRetry = { tries: number; message: string };

/**
 * Fetches `/api/user/base` and stores it. Only an answer that says the session is gone (203/204/205)
 * clears it (the guard then goes to /store); any other failure (a 5xx, a proxy's 502, no network, a
 * refusal that is not about the session) keeps the session and asks again until the server answers:
 * a reload during a restart stays logged in. `onRetry` hears each failed try. Callers arriving while a
 * call is under way share it.
 */
export function loadBaseInfo(onRetry?: (retry: BaseInfoRetry) => void): Promise<UserInfo | null> {
  inFlight ??= fetchBaseInfo(onRetry).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function fetchBaseInfo(onRetry?: (retry: BaseInfoRetry) => void): Promise<UserInfo | null> {
  for (let tries = 1; ; tries += 1) {
    try {
      const user = await api.get<UserInfo>('/api/user/base', undefined, { silent: true, noRelogin: true });
      authState.setUserInfo(user);
      authState.setType(user.type);
      return user;
    } catch (error) {
      if (error instanceof ApiError && SESSION_GONE.has(error.code)) {
        authState.clear();
        return null;
      }
      // Logged out meanwhile (another tab, the user): nothing left to load.
      if (!authState.getToken()) return null;
      const unreachable = !(error instanceof ApiError) || error.code === 0 || error.code >= 500;
      onRetry?.({ tries, message: unreachable ? '暂时连不上服务器，正在重试...' : `${error.message}，正在重试...` });
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(tries, RETRY_MS.length) - 1]));
    }
  }
}

/**
 * The base info the entry fetched ahead (src/app/first-calls.ts), stored at once when its answer is
 * already in: the console's first render then draws the shell and the screen, not a spinner first.
 */
export function adoptEarlyBaseInfo(): void {
  const user = peekEarly<UserInfo>({ method: 'GET', url: '/api/user/base' });
  if (!user) return;
  authState.setUserInfo(user);
  authState.setType(user.type);
}

const failure = (error: unknown, name: string) => ({
  success: false,
  error: { name, message: error instanceof ApiError ? error.message : String(error) },
});

export const authProvider: AuthProvider = {
  login: async ({ username, password }) => {
    try {
      signIn(await api.post<LoginAnswer>('/api/user/login', { username, password }));
      return { success: true, redirectTo: takeWantedPath() ?? '/home' };
    } catch (error) {
      return failure(error, '登录失败');
    }
  },
  register: async ({ username, password, email, tg }) => {
    try {
      signIn(await api.post<LoginAnswer>('/api/user/register', { username, password, email, tg }));
      return { success: true, redirectTo: takeWantedPath() ?? '/home', successNotification: { message: '注册成功' } };
    } catch (error) {
      return failure(error, '注册失败');
    }
  },
  logout: async () => {
    authState.clear();
    return { success: true, redirectTo: '/login' };
  },
  check: async () => {
    if (!authState.getToken()) return { authenticated: false, redirectTo: '/store' };
    if (!authState.getUserInfo() && !(await loadBaseInfo())) return { authenticated: false, redirectTo: '/store' };
    return { authenticated: true };
  },
  onError: async (error) => {
    const code = (error as { statusCode?: number })?.statusCode;
    if (code === 203 || code === 204 || code === 205) return { logout: true, redirectTo: '/login' };
    return {};
  },
  getIdentity: async () => authState.getUserInfo(),
  getPermissions: async () => authState.getType(),
  updatePassword: async ({ old_password, password }) => {
    try {
      await api.post('/api/user/password', { old_password, password });
      return { success: true, successNotification: { message: '密码已修改' } };
    } catch (error) {
      return failure(error, '修改失败');
    }
  },
};
