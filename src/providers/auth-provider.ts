import type { AuthProvider } from '@refinedev/core';
import { authState, type UserInfo } from './auth-state';
import { api, ApiError, peekEarly } from './http';
import { takeWantedPath } from './wanted-path';

interface LoginAnswer { token: string; type: string; user: UserInfo }

function signIn(answer: LoginAnswer) {
  authState.setToken(answer.token);
  authState.setType(answer.type);
  authState.setUserInfo(answer.user);
}

/** The base-info call under way: the route guard and Refine's check both ask as the console opens. */
let inFlight: Promise<UserInfo | null> | null = null;

/**
 * Fetches `/api/user/base` and stores it; a refusal clears the session (the guard then goes to /store).
 * Callers arriving while a call is under way share it.
 */
export function loadBaseInfo(): Promise<UserInfo | null> {
  inFlight ??= fetchBaseInfo().finally(() => { inFlight = null; });
  return inFlight;
}

async function fetchBaseInfo(): Promise<UserInfo | null> {
  try {
    const user = await api.get<UserInfo>('/api/user/base', undefined, { silent: true, noRelogin: true });
    authState.setUserInfo(user);
    authState.setType(user.type);
    return user;
  } catch {
    authState.clear();
    return null;
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
