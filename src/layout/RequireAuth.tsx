import { Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loadBaseInfo } from '../providers/auth-provider';
import { useAuthState } from '../providers/use-auth-state';
import { rememberWantedPath } from '../providers/wanted-path';

/** One base-info call at a time, however many guards mount. */
let loading: Promise<unknown> | null = null;

/**
 * The route guard (docs/console-rules.md, "Route guard"): no token goes to /store; with a token but no user info yet, the base
 * info is fetched (a session the server says is gone clears the token, which sends the user to /store;
 * a server that cannot answer now is asked again, the spinner saying so). A session that ends
 * while the console is open (logout, or a 203/204/205 answer) leads to /login instead: the router
 * applies navigations as transitions, after this store-driven render, so this guard decides where.
 * A visitor's wanted page is remembered: logging in leads there.
 */
export default function RequireAuth({ children }: { children: ReactNode }) {
  const { token, userInfo } = useAuthState();
  const needsInfo = Boolean(token) && !userInfo;
  const hadSession = useRef(false);
  const location = useLocation();
  const [retrying, setRetrying] = useState<string | null>(null);
  if (token && userInfo) hadSession.current = true;
  const toStore = !token && !hadSession.current;
  useEffect(() => {
    if (toStore) rememberWantedPath(location.pathname + location.search);
  }, [toStore, location.pathname, location.search]);

  useEffect(() => {
    if (!needsInfo || loading) return;
    loading = loadBaseInfo((retry) => setRetrying(retry.message)).finally(() => {
      loading = null;
    });
  }, [needsInfo]);

  if (!token) return <Navigate to={toStore ? '/store' : '/login'} replace />;
  if (!userInfo) {
    return (
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}>
        <Spin size="large" tip={retrying ?? '加载中...'}>
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </div>
    );
  }
  return <>{children}</>;
}
