import type { RefineProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import type { ResourceDef } from '../framework/declaration';
import { refineResources } from '../framework/resources';
import { createDataProvider } from '../providers/data-provider';
import { i18nProvider } from '../providers/i18n';
import { notificationProvider } from '../providers/notification';

/**
 * Refine as the console runs it over a declaration: our data provider (each resource's `api`), the
 * react-router provider, Chinese texts and notifications, the resources with their routes, and the
 * options. ConsoleRoot adds the login and the access rules; the component tests render the generated
 * screens with this same setup.
 */
export function refineSetup(defs: Record<string, ResourceDef>) {
  return {
    dataProvider: createDataProvider((name) => defs[name]?.api ?? name),
    routerProvider,
    i18nProvider,
    notificationProvider,
    resources: refineResources(defs),
    options: {
      disableTelemetry: true,
      warnWhenUnsavedChanges: true,
      syncWithLocation: false,
      reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
    },
  } satisfies Partial<RefineProps>;
}
