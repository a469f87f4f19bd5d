import { Suspense, lazy, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { ConfigProvider, App as AntApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { pages, resources, type PageDef, type ResourceDef } from '../../resources.config';
import { resourceRoutes, resourceScreenLoader } from '../framework/routes';
import { roleOf } from '../framework/declaration';
import { ChunkErrorBoundary } from '../framework/ChunkErrorBoundary';
import { lazyNow } from '../framework/lazy-now';
import { watchChunkErrors } from '../framework/chunk-reload';
import { permits, setRoleSource } from '../framework/use-role';
import { authState } from '../providers/auth-state';
import { startEarly } from '../providers/http';
import { currentGrants } from '../providers/grants';
import { ANTD_CONFIG } from './antd-config';
import { firstCallsAt } from './first-calls';
import { NavigationBridge } from './NavigationBridge';
import DocumentTitle from '../layout/DocumentTitle';
import { pageRoutes, pageScreenLoader } from './page-routes';
// Registered here, not with the shell: a list's actions start loading with the shell, not after it.
import './row-actions';
// Static, not lazy: the screens people land on first (a lazy first screen waits out React's
// Suspense reveal throttle, about 300 ms).
import LoginPage from '../pages/login/LoginPage';
import StorePage from '../pages/store/PublicStorePage';
import StoreGate from '../layout/StoreGate';

dayjs.locale('zh-cn');
setRoleSource({ get: authState.getType, grants: currentGrants, subscribe: authState.subscribe });
if (typeof window !== 'undefined') watchChunkErrors();

/**
 * The open screens' code starts loading as soon as this module runs when the address is theirs,
 * in parallel with React's first render instead of after it.
 */
function early<T>(path: string, load: () => Promise<T>): () => Promise<T> {
  const started = typeof window !== 'undefined' && window.location.pathname === path ? load() : null;
  return () => started ?? load();
}

const ConsoleRoot = lazyNow(() => import('./ConsoleRoot'));
const RegisterPage = lazy(early('/register', () => import('../pages/register/RegisterPage')));
const OPEN_PATHS = ['/login', '/register', '/store', '/refresh'];

/**
 * Opened at a console address, the shell, that address's screen (a list's actions too) and the
 * screen's first calls all start as this module runs: on a slow phone network each would otherwise
 * wait for the one before it to arrive and render.
 */
function startConsoleEarly(pathname: string): Promise<unknown> {
  if (OPEN_PATHS.includes(pathname)) return Promise.resolve();
  const screen = pageScreenLoader(pages as Record<string, PageDef>, pathname)
    ?? resourceScreenLoader(resources as Record<string, ResourceDef>, pathname);
  // A failure here is left to the render's own load, which reports it (ChunkErrorBoundary).
  const code = Promise.all([ConsoleRoot.preload(), screen?.()]).catch(() => undefined);
  if (!authState.getToken()) return code;
  const role = roleOf(authState.getType());
  for (const call of firstCallsAt(pathname, window.location.search, (rule) => permits(rule, role))) startEarly(call);
  return code;
}

/**
 * Settles once the code of the console screen at this address is in (at once elsewhere). The first
 * render waits for it (src/main.tsx): drawn then, the shell and the screen need no Suspense fallback,
 * which React would keep up for its reveal throttle (about 300 ms) at each lazy layer.
 */
export const consoleCode = typeof window !== 'undefined' ? startConsoleEarly(window.location.pathname) : Promise.resolve();
const RefreshPage = lazy(() => import('../pages/refresh/RefreshPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

// Plain CSS while a screen's code loads: an antd Spin here would cost its style generation on the
// first paint of every open screen.
const loading = <div className="page-loading" role="status" aria-label="加载中" />;

/** The address bar's router in the browser; a fixed address when scripts/prerender.mjs renders a screen at build time. */
function AppRouter({ location, children }: { location?: string; children: ReactNode }) {
  return location === undefined ? <BrowserRouter>{children}</BrowserRouter> : <StaticRouter location={location}>{children}</StaticRouter>;
}

/** A screen's code that fails to load (an upgrade since the page was opened) reloads the page once; a new address tries afresh. */
function ReloadOnUpgrade({ children }: { children: ReactNode }) {
  return <ChunkErrorBoundary resetKey={useLocation().pathname}>{children}</ChunkErrorBoundary>;
}

/** The route table: open screens first; everything else inside the console (Refine, guard, shell). */
export default function App({ location }: { location?: string }) {
  return (
    <AppRouter location={location}>
      <ConfigProvider {...ANTD_CONFIG}>
        <AntApp>
          <NavigationBridge />
          <DocumentTitle />
          <ReloadOnUpgrade>
            <Suspense fallback={loading}>
              <Routes>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/register" element={<RegisterPage />} />
                <Route path="/store" element={<StoreGate><StorePage /></StoreGate>} />
                <Route path="/refresh" element={<RefreshPage />} />
                <Route element={<ConsoleRoot />}>
                  <Route index element={<Navigate to="/store" replace />} />
                  {pageRoutes(pages as Record<string, PageDef>)}
                  {resourceRoutes(resources as Record<string, ResourceDef>)}
                </Route>
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </ReloadOnUpgrade>
        </AntApp>
      </ConfigProvider>
    </AppRouter>
  );
}
