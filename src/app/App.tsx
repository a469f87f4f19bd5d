import { Suspense, lazy, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { pages, resources, type PageDef, type ResourceDef } from '../../resources.config';
import { resourceRoutes, resourceScreenLoader } from '../framework/routes';
import { roleOf } from '../framework/declaration';
import { ChunkErrorBoundary } from '../framework/ChunkErrorBoundary';
import { ReducedMotion } from '../framework/ReducedMotion';
import { frameNotices, prefetchNotices } from '../framework/notices';
import { lazyNow } from '../framework/lazy-now';
import { watchChunkErrors } from '../framework/chunk-reload';
import { permits, setRoleSource } from '../framework/use-role';
import { authState } from '../providers/auth-state';
import { adoptEarlyBaseInfo } from '../providers/auth-provider';
import { startEarly } from '../providers/http';
import { currentGrants } from '../providers/grants';
import { ANTD_CONFIG } from './antd-config';
import { firstCallsAt } from './first-calls';
import { NavigationBridge } from './NavigationBridge';
import DocumentTitle from '../layout/DocumentTitle';
import { pageRoutes, pageScreenLoader } from './page-routes';
// Registered here, not with the shell: a list's actions start loading with the shell, not after it.
import './row-actions';
import StoreGate from '../layout/StoreGate';
import { prefetchDataProvider } from '../providers/data-provider';

dayjs.locale('zh-cn');
frameNotices((children) => (
  <ConfigProvider {...ANTD_CONFIG}>
    <ReducedMotion>{children}</ReducedMotion>
  </ConfigProvider>
));
setRoleSource({ get: authState.getType, grants: currentGrants, subscribe: authState.subscribe });
if (typeof window !== 'undefined') {
  watchChunkErrors();
  prefetchNotices();
  prefetchDataProvider();
}

const ConsoleRoot = lazyNow(() => import('./ConsoleRoot'));
// The open screens, apart from the entry: a console screen does not fetch their forms first. Opened
// at their address, their code loads as the entry runs, and the page (pre-rendered: /login, /store)
// is hydrated once it is in (src/main.tsx), so nothing on screen is drawn again.
const LoginPage = lazyNow(() => import('../pages/login/LoginPage'));
const StorePage = lazyNow(() => import('../pages/store/PublicStorePage'));
const RegisterPage = lazyNow(() => import('../pages/register/RegisterPage'));
const OPEN_SCREENS: Record<string, { preload(): Promise<unknown> } | null> = {
  '/login': LoginPage,
  '/store': StorePage,
  '/register': RegisterPage,
  '/refresh': null,
};

/** The open screens' code, loaded: the build pre-renders them (a synchronous render draws them only once loaded). */
export const preloadOpenScreens = () => Promise.all([LoginPage.preload(), StorePage.preload()]);

/**
 * The code of the screen at this address starts loading as this module runs: an open screen's, or
 * the console's shell with that address's screen (a list's actions too) and the screen's first
 * calls. On a slow phone network each would otherwise wait for the one before it to arrive and render.
 */
function startScreenEarly(pathname: string): Promise<unknown> {
  if (pathname in OPEN_SCREENS) return OPEN_SCREENS[pathname]?.preload().catch(() => undefined) ?? Promise.resolve();
  const screen =
    pageScreenLoader(pages as Record<string, PageDef>, pathname) ??
    resourceScreenLoader(resources as Record<string, ResourceDef>, pathname);
  // A failure here is left to the render's own load, which reports it (ChunkErrorBoundary).
  const code = Promise.all([ConsoleRoot.preload(), screen?.()]).catch(() => undefined);
  if (!authState.getToken()) return code;
  const role = roleOf(authState.getType());
  for (const call of firstCallsAt(pathname, window.location.search, (rule) => permits(rule, role))) startEarly(call);
  // By the time the code is in, the base info usually is too: the first render then has it.
  return code.then(adoptEarlyBaseInfo);
}

/**
 * Settles once the code of the screen at this address is in. The first render (or hydration) waits
 * for it (src/main.tsx): drawn then, the shell and the screen need no Suspense fallback, which React
 * would keep up for its reveal throttle (about 300 ms) at each lazy layer, and a pre-rendered page is
 * hydrated as it is (a suspended part of it would be drawn again, moving the page).
 */
export const screenCode = typeof window !== 'undefined' ? startScreenEarly(window.location.pathname) : Promise.resolve();
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
        <ReducedMotion>
          {/* antd's base text (colour, size, font) for what the components do not style themselves. */}
          <div className="app-root">
            <NavigationBridge />
            <DocumentTitle />
            <ReloadOnUpgrade>
              <Suspense fallback={loading}>
                <Routes>
                  <Route path="/login" element={<LoginPage />} />
                  <Route path="/register" element={<RegisterPage />} />
                  <Route
                    path="/store"
                    element={
                      <StoreGate>
                        <StorePage />
                      </StoreGate>
                    }
                  />
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
          </div>
        </ReducedMotion>
      </ConfigProvider>
    </AppRouter>
  );
}
