import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { FieldDef, ResourceDef } from '../declaration';

/**
 * A list's page, size, sort and filters as URL parameters, and back with their types: numbers stay
 * numbers, booleans booleans, ranges two-element arrays (`from~to`). Unknown parameters are ignored.
 */
export interface ListState {
  page: number;
  pageSize: number;
  sort?: CrudSort;
  filters: Record<string, unknown>;
  /** The chosen tab's key (the first tab when the address names none); undefined for a list without tabs. */
  tab?: string;
}

export const PAGE_SIZES = [10, 20, 50, 100];
/** A list's page size when its address names none. */
export const DEFAULT_PAGE_SIZE = 20;
const PREFIX = 'f_';
const RANGE = '~';

function decodeOne(field: FieldDef, raw: string): unknown {
  if (field.type === 'bool') return raw === 'true' ? true : raw === 'false' ? false : undefined;
  if (field.type === 'int' || field.type === 'ref' || field.type === 'money') {
    const n = Number(raw);
    return raw !== '' && Number.isFinite(n) ? n : undefined;
  }
  return raw;
}

export function decodeListState(def: ResourceDef, params: URLSearchParams): ListState {
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('pageSize'));
  const filters: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const raw = params.get(PREFIX + name);
    if (raw === null || !field.search) continue;
    if (field.search === 'range') {
      const [from = '', to = ''] = raw.split(RANGE);
      filters[name] = [from ? decodeOne(field, from) : '', to ? decodeOne(field, to) : ''];
    } else {
      const value = decodeOne(field, raw);
      if (value !== undefined) filters[name] = value;
    }
  }
  const sortField = params.get('sort');
  const order = params.get('order');
  const sort: CrudSort | undefined =
    sortField && def.fields[sortField]?.sort && (order === 'asc' || order === 'desc') ? { field: sortField, order } : undefined;
  const tabs = def.tabs ?? [];
  const tab = tabs.find((t) => t.key === params.get('tab'))?.key ?? tabs[0]?.key;
  return { page, pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE, filters, sort, tab };
}

const empty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

export function encodeListState(def: ResourceDef, state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab && state.tab !== def.tabs?.[0]?.key) params.set('tab', state.tab);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.sort) {
    params.set('sort', state.sort.field);
    params.set('order', state.sort.order);
  }
  for (const [name, value] of Object.entries(state.filters)) {
    if (!def.fields[name]?.search || empty(value)) continue;
    params.set(PREFIX + name, Array.isArray(value) ? value.map((v) => v ?? '').join(RANGE) : String(value));
  }
  return params;
}

/** Filters in Refine's shape, for the dataProvider. */
export function toCrudFilters(def: ResourceDef, filters: Record<string, unknown>): CrudFilter[] {
  return Object.entries(filters)
    .filter(([name, value]) => def.fields[name]?.search && !empty(value))
    .map(
      ([field, value]) =>
        ({
          field,
          operator: def.fields[field].search === 'range' ? 'between' : def.fields[field].search === 'contains' ? 'contains' : 'eq',
          value,
        }) as CrudFilter,
    );
}

/**
 * The values a list filters by: its tab's, then the search form's (a value picked there narrows
 * further, in place of the tab's).
 */
export function filterValues(def: ResourceDef, state: ListState): Record<string, unknown> {
  const tab = def.tabs?.find((t) => t.key === state.tab);
  const filters: Record<string, unknown> = { ...tab?.filters };
  for (const [name, value] of Object.entries(state.filters)) if (!empty(value)) filters[name] = value;
  return filters;
}

/** What a list asks its data provider for, in Refine's shape: its filters, sort and page. */
export function listRequest(def: ResourceDef, state: ListState) {
  return {
    filters: toCrudFilters(def, filterValues(def, state)),
    sorters: state.sort ? [state.sort] : [],
    page: state.page,
    pageSize: state.pageSize,
  };
}
