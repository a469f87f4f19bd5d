import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authState, type UserInfo } from '../../providers/auth-state';
import { api, SESSION_GONE } from '../../providers/http';

/**
 * Someone who opens /login while logged in goes to /home: the form is for visitors. The session is
 * checked first (`/api/user/base`, which the console needs anyway), after the pre-rendered form has
 * hydrated, so the page matches what was sent; a session the server refuses is forgotten and the
 * form stays. A login made on the form meanwhile (a new session) goes its own way.
 */
export function useLeaveWhenSignedIn(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!authState.getToken()) return undefined;
    const session = authState.getLoginId();
    const same = () => authState.getLoginId() === session;
    let live = true;
    api.get<UserInfo>('/api/user/base', undefined, { silent: true, noRelogin: true }).then(
      (user) => {
        if (!live || !same()) return;
        authState.setUserInfo(user);
        authState.setType(user.type);
        navigate('/home', { replace: true });
      },
      (e: { code?: number }) => {
        if (same() && SESSION_GONE.has(e.code ?? 0)) authState.clear();
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);
}
