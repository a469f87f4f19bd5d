import { Refine } from '@refinedev/core';
import routerProvider, { UnsavedChangesNotifier } from '@refinedev/react-router';
import { resources, type ResourceDef } from '../../resources.config';
import RequireAuth from '../layout/RequireAuth';
import Shell from '../layout/Shell';
import { refineResources } from '../framework/resources';
import { accessControlProvider } from '../providers/access-control';
import { authProvider } from '../providers/auth-provider';
import { createDataProvider } from '../providers/data-provider';
import { i18nProvider } from '../providers/i18n';
import { notificationProvider } from '../providers/notification';
import './icons';
import './row-actions';

const defs = resources as Record<string, ResourceDef>;
const dataProvider = createDataProvider((name) => defs[name]?.api ?? name);

/**
 * Refine and everything behind the login: loaded only once a guarded route is opened, so the open
 * screens (login, register, store) do not carry Refine and its query cache.
 */
export default function ConsoleRoot() {
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      notificationProvider={notificationProvider}
      routerProvider={routerProvider}
      i18nProvider={i18nProvider}
      resources={refineResources(defs)}
      options={{
        disableTelemetry: true, warnWhenUnsavedChanges: true, syncWithLocation: false,
        reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
      }}
    >
      <RequireAuth><Shell /></RequireAuth>
      {/* Asks before leaving a form with unsaved changes (in-app navigation and closing the tab). */}
      <UnsavedChangesNotifier message="有未保存的修改，确定要离开吗？" />
    </Refine>
  );
}
