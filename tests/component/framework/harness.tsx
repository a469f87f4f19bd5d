/**
 * Renders the framework's generated screens the way the console does (src/app/refine-setup.ts): a real
 * <Refine> with our dataProvider (talking HTTP to a test server), the react-router provider, our i18n
 * and notification providers, the console's options, and the routes resourceRoutes() makes from a
 * declaration.
 */
import { Suspense } from 'react';
import { Refine, type AccessControlProvider } from '@refinedev/core';
import { MemoryRouter, Routes, useLocation, useNavigate } from 'react-router';
import { ConfigProvider } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { allows, roleOf, type Action, type ResourceDef } from '../../../src/framework/declaration';
import { ANTD_CONFIG } from '../../../src/app/antd-config';
import { refineSetup } from '../../../src/app/refine-setup';
import { resourceRoutes } from '../../../src/framework/routes';
import { setRoleSource } from '../../../src/framework/use-role';

// Timeouts for async queries and tests are set for every component test: setup.ts, vitest.config.ts.

const ACTIONS: Record<string, Action> = { list: 'list', show: 'show', create: 'add', edit: 'edit', delete: 'del' };

/**
 * The app's accessControlProvider reads resources.config.ts; for a declaration made in a test, the
 * same rule (allows() on the declared access) over that declaration.
 */
export function accessControlFor(defs: Record<string, ResourceDef>, role: string | null): AccessControlProvider {
  return {
    can: async ({ resource, action }) => {
      const def = resource ? defs[resource] : undefined;
      const rule = def?.access[ACTIONS[action] ?? (action as Action)];
      return { can: allows(rule, roleOf(role)) };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}

/** Where the router is now, for assertions on the URL; `go` moves it (as a menu link would). */
export const here = { path: '', search: new URLSearchParams(), go: (_path: string): void => undefined };
function LocationProbe() {
  const location = useLocation();
  here.go = useNavigate();
  here.path = location.pathname;
  here.search = new URLSearchParams(location.search);
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderConsole({
  defs,
  url,
  role,
  accessControl,
}: {
  defs: Record<string, ResourceDef>;
  url: string;
  role: string | null;
  accessControl?: AccessControlProvider;
}) {
  setRoleSource({ get: () => role, subscribe: () => () => undefined });
  return render(
    <MemoryRouter initialEntries={[url]}>
      {/* antd's CSS-in-JS as on a server: styles are computed, not injected; jsdom then skips
          parsing them on every getComputedStyle (a third of the CPU time of these tests). */}
      <StyleProvider mock="server">
        <ConfigProvider {...ANTD_CONFIG} theme={{ token: { ...ANTD_CONFIG.theme?.token, motion: false } }}>
          <div className="app-root">
            <Refine {...refineSetup(defs)} accessControlProvider={accessControl ?? accessControlFor(defs, role)}>
              <LocationProbe />
              <Suspense fallback={<div>loading page</div>}>
                <Routes>{resourceRoutes(defs)}</Routes>
              </Suspense>
            </Refine>
          </div>
        </ConfigProvider>
      </StyleProvider>
    </MemoryRouter>,
  );
}

/** Loads the lazy pages once, so the first test does not spend its time budget transforming them. */
export async function preloadPages(): Promise<void> {
  await Promise.all([
    import('../../../src/framework/list/ListPage'),
    import('../../../src/framework/form/FormPage'),
    import('../../../src/framework/show/ShowPage'),
  ]);
}
