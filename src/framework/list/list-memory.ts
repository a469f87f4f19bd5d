import type { ResourceDef } from '../declaration';
import { parseChoice, type ColumnChoice } from './column-choice';

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
  try {
    query = sessionStorage.getItem(KEY + name);
  } catch {
    /* no storage */
  }
  return query ? `${def.route}?${query}` : def.route;
}

/**
 * The columns picked under 列设置, per list, kept in this browser (localStorage: across tabs and
 * logins, as a person's own layout). `storage` is for tests.
 */
const COLUMNS = 'list-columns:';
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const local = (): Store | null => {
  try {
    return localStorage;
  } catch {
    return null;
  }
};

export function readColumnChoice(name: string, storage: Store | null = local()): ColumnChoice | null {
  try {
    return parseChoice(storage?.getItem(COLUMNS + name) ?? null);
  } catch {
    return null;
  }
}

/** Keeps the choice; none (the declared columns) forgets it. */
export function rememberColumnChoice(name: string, choice: ColumnChoice | null, storage: Store | null = local()): void {
  try {
    if (choice) storage?.setItem(COLUMNS + name, JSON.stringify(choice));
    else storage?.removeItem(COLUMNS + name);
  } catch {
    // No storage, or full: the choice lasts until the page is left.
  }
}
