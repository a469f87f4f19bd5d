import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router';
import type { PageDef } from '../../resources.config';
import { Allowed } from '../framework/Allowed';

const PendingPage = lazy(() => import('../pages/pending/PendingPage'));

/** The hand-written screens; a page declared `pending` gets the honest "not available yet" page. */
const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../pages/home/HomePage')),
  info: lazy(() => import('../pages/user-info/UserInfoPage')),
  connect: lazy(() => import('../pages/connect/ConnectPage')),
  recharge: lazy(() => import('../pages/recharge/RechargePage')),
  usdt: lazy(() => import('../pages/usdt/UsdtPage')),
  usdtConfig: lazy(() => import('../pages/usdt-config/UsdtConfigPage')),
  // Ahead of the generated create form on the same path: the device's secret is shown once.
  deviceCreate: lazy(() => import('../pages/device-create/DeviceCreatePage')),
  store: lazy(() => import('../pages/store/StorePage')),
};

export function pageRoutes(defs: Record<string, PageDef>) {
  return Object.entries(defs).map(([name, page]) => {
    const Screen = screens[name];
    const element = name in screens && !page.pending ? <Screen /> : <PendingPage title={page.label} />;
    return <Route key={name} path={page.route} element={<Allowed rule={page.access}>{element}</Allowed>} />;
  });
}
