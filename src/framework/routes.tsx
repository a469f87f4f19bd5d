import { Route } from 'react-router';
import type { ResourceDef } from './declaration';
import { Allowed } from './Allowed';
import { lazyNow } from './lazy-now';
import { ListTable } from './list/lazy-table';
import { registry } from './registry';
import { isNarrow } from './use-narrow';
import { decodeListState, listRequest } from './list/url-state';

const ListPage = lazyNow(() => import('./list/ListPage'));
const FormPage = lazyNow(() => import('./form/FormPage'));
const ShowPage = lazyNow(() => import('./show/ShowPage'));
const loaders = { list: ListPage.preload, form: FormPage.preload, show: ShowPage.preload, table: ListTable.preload };

/**
 * The code of the generated screen at `pathname`, if a declared resource has one there; a list's
 * registered actions too.
 */
export function resourceScreenLoader(defs: Record<string, ResourceDef>, pathname: string): (() => Promise<unknown>) | null {
  for (const def of Object.values(defs)) {
    if (pathname === def.route)
      return () => Promise.all([loaders.list(), registry.preloadActionsFor(def), isNarrow() ? null : loaders.table()]);
    const rest = pathname.startsWith(`${def.route}/`) ? pathname.slice(def.route.length + 1) : null;
    if (rest === 'create' || rest?.startsWith('edit/')) return loaders.form;
    if (rest?.startsWith('show/')) return loaders.show;
  }
  return null;
}

/**
 * The list at `pathname` (a declared resource's list route), and what it will ask for first: its
 * filters, sort and page from the address's search string.
 */
export function listAt(defs: Record<string, ResourceDef>, pathname: string, search: string) {
  const found = Object.entries(defs).find(([, def]) => def.route === pathname);
  if (!found) return null;
  const [name, def] = found;
  return { name, def, ...listRequest(def, decodeListState(def, new URLSearchParams(search))) };
}

/**
 * The list, create, edit and show routes of every declared resource, as children of the shell. The
 * screens are keyed by resource: moving from one list to another builds the new one afresh.
 */
export function resourceRoutes(defs: Record<string, ResourceDef>) {
  return Object.entries(defs).flatMap(([name, def]) =>
    [
      <Route
        key={`${name}-list`}
        path={def.route}
        element={
          <Allowed rule={def.access.list}>
            <ListPage key={name} name={name} def={def} />
          </Allowed>
        }
      />,
      def.access.add && (
        <Route
          key={`${name}-create`}
          path={`${def.route}/create`}
          element={
            <Allowed rule={def.access.add}>
              <FormPage key={`${name}-create`} name={name} def={def} action="create" />
            </Allowed>
          }
        />
      ),
      def.access.edit && (
        <Route
          key={`${name}-edit`}
          path={`${def.route}/edit/:id`}
          element={
            <Allowed rule={def.access.edit}>
              <FormPage key={`${name}-edit`} name={name} def={def} action="edit" />
            </Allowed>
          }
        />
      ),
      def.access.show && (
        <Route
          key={`${name}-show`}
          path={`${def.route}/show/:id`}
          element={
            <Allowed rule={def.access.show}>
              <ShowPage key={name} name={name} def={def} />
            </Allowed>
          }
        />
      ),
    ].filter(Boolean),
  );
}
