import type { ResourceProps } from '@refinedev/core';
import type { ResourceDef } from './types';

/** Refine's resources from the declaration: list, create, edit and show routes under each route. */
export function refineResources(defs: Record<string, ResourceDef>): ResourceProps[] {
  return Object.entries(defs).map(([name, def]) => ({
    name,
    list: def.route,
    ...(def.access.add ? { create: `${def.route}/create` } : {}),
    ...(def.access.edit ? { edit: `${def.route}/edit/:id` } : {}),
    ...(def.access.show ? { show: `${def.route}/show/:id` } : {}),
    meta: { label: def.label, canDelete: Boolean(def.access.del) },
  }));
}
