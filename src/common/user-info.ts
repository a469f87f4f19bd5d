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
