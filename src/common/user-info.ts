import { authState, type UserInfo } from '../providers/auth-state';
import { api } from '../providers/http';

/** Re-reads the caller's own info (balance, login figures) and stores it; errors are toasted by the client. */
export async function refreshUserInfo(): Promise<UserInfo | null> {
  try {
    const user = await api.get<UserInfo>('/api/user/base');
    authState.setUserInfo(user);
    return user;
  } catch {
    return null;
  }
}

/** Younger info needs no second call: the console has just fetched it as it opened, or the login answer carried it. */
const FRESH_MS = 10_000;

/** refreshUserInfo, unless the info stored is fresh: a screen that shows it as it opens asks only when it may have changed. */
export async function refreshStaleUserInfo(): Promise<UserInfo | null> {
  return authState.userInfoAge() < FRESH_MS ? authState.getUserInfo() : refreshUserInfo();
}
