import { useSyncExternalStore } from 'react';
import { authState } from './auth-state';

/** Re-renders on any change of token, type or userInfo. */
export function useAuthState() {
  useSyncExternalStore(authState.subscribe, authState.version);
  return { token: authState.getToken(), type: authState.getType(), userInfo: authState.getUserInfo() };
}
