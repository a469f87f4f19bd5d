import type { ResourceProps } from '@refinedev/core';
import type { ResourceDef } from './declaration';

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

const RECORD_PAGES: [RegExp, string][] = [
  [/^\/create$/, '新建'],
  [/^\/edit\/[^/]+$/, '编辑'],
  [/^\/show\/[^/]+$/, '详情'],
];

/** What a path under a resource's route is (新建 / 编辑 / 详情), for the breadcrumb; null for the list. */
export function recordPageLabel(route: string, pathname: string): string | null {
  if (!pathname.startsWith(`${route}/`)) return null;
  const rest = pathname.slice(route.length);
  return RECORD_PAGES.find(([re]) => re.test(rest))?.[1] ?? null;
}
