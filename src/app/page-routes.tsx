import { lazy, type ComponentType } from 'react';
import { Route } from 'react-router';
import type { PageDef } from '../../resources.config';
import { Allowed } from '../framework/Allowed';
import { lazyNow } from '../framework/lazy-now';

const PendingPage = lazy(() => import('../pages/pending/PendingPage'));

type ScreenModule = { default: ComponentType };

/** The hand-written screens' files, by page name (the build names each page's files up front from these). */
const files: Record<string, string> = {
  home: '../pages/home/HomePage.tsx',
  info: '../pages/user-info/UserInfoPage.tsx',
  connect: '../pages/connect/ConnectPage.tsx',
  recharge: '../pages/recharge/RechargePage.tsx',
  usdt: '../pages/usdt/UsdtPage.tsx',
  usdtConfig: '../pages/usdt-config/UsdtConfigPage.tsx',
  epayConfig: '../pages/epay-config/EpayConfigPage.tsx',
  // Ahead of the generated create form on the same path: the device's secret is shown once.
  deviceCreate: '../pages/device-create/DeviceCreatePage.tsx',
  store: '../pages/store/StorePage.tsx',
  resellerSite: '../pages/reseller-site/ResellerSitePage.tsx',
};
// The open screens are the app's own (src/app/App.tsx).
const modules = import.meta.glob<ScreenModule>(['../pages/*/*Page.tsx', '!../pages/login/*', '!../pages/store/PublicStorePage.tsx']);
/** The hand-written screens; a page declared `pending` gets the honest "not available yet" page. */
const screens = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, lazyNow(modules[file])]));

/** The name of the page built at `route` (not `pending`), if there is one. */
const pageAt = (defs: Record<string, PageDef>, route: string) =>
  Object.keys(defs).find((key) => defs[key].route === route && !defs[key].pending);

/** The code of the hand-written screen at `pathname`, if there is one. */
export function pageScreenLoader(defs: Record<string, PageDef>, pathname: string): (() => Promise<unknown>) | null {
  const name = pageAt(defs, pathname);
  return name ? (screens[name]?.preload ?? null) : null;
}

/** The source file (from the project's root) of the hand-written screen at `route`, if there is one. */
export function pageFileAt(defs: Record<string, PageDef>, route: string): string | null {
  const name = pageAt(defs, route);
  return name && files[name] ? `src/${files[name].replace(/^\.\.\//, '')}` : null;
}

export function pageRoutes(defs: Record<string, PageDef>) {
  return Object.entries(defs).map(([name, page]) => {
    const Screen = screens[name];
    const element = name in screens && !page.pending ? <Screen /> : <PendingPage title={page.label} />;
    return <Route key={name} path={page.route} element={<Allowed rule={page.access}>{element}</Allowed>} />;
  });
}
