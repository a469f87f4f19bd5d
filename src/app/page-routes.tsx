import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router';
import type { PageDef } from '../../resources.config';
import { Allowed } from '../framework/Allowed';

const PendingPage = lazy(() => import('../pages/pending/PendingPage'));

type ScreenModule = { default: ComponentType };

/** The hand-written screens' code; a page declared `pending` gets the honest "not available yet" page. */
const loaders: Record<string, () => Promise<ScreenModule>> = {
  home: () => import('../pages/home/HomePage'),
  info: () => import('../pages/user-info/UserInfoPage'),
  connect: () => import('../pages/connect/ConnectPage'),
  recharge: () => import('../pages/recharge/RechargePage'),
  usdt: () => import('../pages/usdt/UsdtPage'),
  usdtConfig: () => import('../pages/usdt-config/UsdtConfigPage'),
  // Ahead of the generated create form on the same path: the device's secret is shown once.
  deviceCreate: () => import('../pages/device-create/DeviceCreatePage'),
  store: () => import('../pages/store/StorePage'),
};
const screens: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(loaders).map(([name, load]) => [name, lazy(load)]),
);

/** The code of the hand-written screen at `pathname`, if there is one. */
export function pageScreenLoader(defs: Record<string, PageDef>, pathname: string): (() => Promise<unknown>) | null {
  const name = Object.keys(defs).find((key) => defs[key].route === pathname && !defs[key].pending);
  return name ? loaders[name] ?? null : null;
}

export function pageRoutes(defs: Record<string, PageDef>) {
  return Object.entries(defs).map(([name, page]) => {
    const Screen = screens[name];
    const element = name in screens && !page.pending ? <Screen /> : <PendingPage title={page.label} />;
    return <Route key={name} path={page.route} element={<Allowed rule={page.access}>{element}</Allowed>} />;
  });
}
