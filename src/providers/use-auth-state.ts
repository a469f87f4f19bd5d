import { useSyncExternalStore } from 'react';
import { authState } from './auth-state';

/** Re-renders on any change of token, type or userInfo (rendered ahead on the server: no session). */
export function useAuthState() {
  useSyncExternalStore(authState.subscribe, authState.version, authState.version);
  return { token: authState.getToken(), type: authState.getType(), userInfo: authState.getUserInfo() };
}
