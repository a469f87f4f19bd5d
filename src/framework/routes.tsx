import { lazy } from 'react';
import { Route } from 'react-router';
import type { ResourceDef } from './types';
import { Allowed } from './Allowed';

const ListPage = lazy(() => import('./list/ListPage'));
const FormPage = lazy(() => import('./form/FormPage'));
const ShowPage = lazy(() => import('./show/ShowPage'));

/** The list, create, edit and show routes of every declared resource, as children of the shell. */
export function resourceRoutes(defs: Record<string, ResourceDef>) {
  return Object.entries(defs).flatMap(([name, def]) => [
    <Route key={`${name}-list`} path={def.route} element={<Allowed rule={def.access.list}><ListPage name={name} def={def} /></Allowed>} />,
    def.access.add && <Route key={`${name}-create`} path={`${def.route}/create`} element={<Allowed rule={def.access.add}><FormPage name={name} def={def} action="create" /></Allowed>} />,
    def.access.edit && <Route key={`${name}-edit`} path={`${def.route}/edit/:id`} element={<Allowed rule={def.access.edit}><FormPage name={name} def={def} action="edit" /></Allowed>} />,
    def.access.show && <Route key={`${name}-show`} path={`${def.route}/show/:id`} element={<Allowed rule={def.access.show}><ShowPage name={name} def={def} /></Allowed>} />,
  ].filter(Boolean));
}
