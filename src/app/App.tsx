import { Suspense, lazy } from 'react';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ConfigProvider, App as AntApp, Spin } from 'antd';
// The ES build: the CommonJS `antd/locale/zh_CN` reaches Vite as a module object, not the locale.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { pages, resources, type PageDef, type ResourceDef } from '../../resources.config';
import { refineResources } from '../framework/resources';
import { resourceRoutes } from '../framework/routes';
import { accessControlProvider } from '../providers/access-control';
import { authProvider } from '../providers/auth-provider';
import { createDataProvider } from '../providers/data-provider';
import { i18nProvider } from '../providers/i18n';
import { setRoleSource } from '../framework/use-role';
import { authState } from '../providers/auth-state';
import { notificationProvider } from '../providers/notification';
import { NavigationBridge } from './NavigationBridge';
import { pageRoutes } from './page-routes';
import './icons';
import './row-actions';

const Shell = lazy(() => import('../layout/Shell'));
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const RegisterPage = lazy(() => import('../pages/register/RegisterPage'));
const StorePage = lazy(() => import('../pages/store/PublicStorePage'));
const RefreshPage = lazy(() => import('../pages/refresh/RefreshPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));
const StoreGate = lazy(() => import('../layout/StoreGate'));
const RequireAuth = lazy(() => import('../layout/RequireAuth'));

dayjs.locale('zh-cn');

const defs = resources as Record<string, ResourceDef>;
setRoleSource({ get: authState.getType, subscribe: authState.subscribe });
const dataProvider = createDataProvider((name) => defs[name]?.api ?? name);

const loading = <Spin size="large" style={{ display: 'block', margin: '30vh auto' }} />;

export default function App() {
  return (
    <BrowserRouter>
      <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff' } }} button={{ autoInsertSpace: false }}>
        <AntApp>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            notificationProvider={notificationProvider}
            routerProvider={routerProvider}
            i18nProvider={i18nProvider}
            resources={refineResources(defs)}
            options={{ disableTelemetry: true, warnWhenUnsavedChanges: true, syncWithLocation: false, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } } }}
          >
            <NavigationBridge />
            <Suspense fallback={loading}>
              <Routes>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/register" element={<RegisterPage />} />
                <Route path="/store" element={<StoreGate><StorePage /></StoreGate>} />
                <Route path="/refresh" element={<RefreshPage />} />
                <Route element={<RequireAuth><Shell /></RequireAuth>}>
                  <Route index element={<Navigate to="/store" replace />} />
                  {pageRoutes(pages as Record<string, PageDef>)}
                  {resourceRoutes(defs)}
                </Route>
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </Refine>
        </AntApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
