import type { ResourceDef } from '../declaration';

/**
 * The last filters, page and sort of each list (its URL query), for this tab: saving a form, the
 * 返回列表 button and the breadcrumb go back to the list as it was left, not to its first page.
 */
const KEY = 'list-state:';

export function rememberListQuery(name: string, query: string): void {
  try {
    if (query) sessionStorage.setItem(KEY + name, query);
    else sessionStorage.removeItem(KEY + name);
  } catch {
    // No storage (private mode): the list opens unfiltered.
  }
}

/** The list's route with its remembered query. */
export function listUrl(name: string, def: Pick<ResourceDef, 'route'>): string {
  let query: string | null = null;
  try { query = sessionStorage.getItem(KEY + name); } catch { /* no storage */ }
  return query ? `${def.route}?${query}` : def.route;
}
