import type { BaseRecord, CrudFilters, CrudSorting, GetListParams } from '@refinedev/core';
import type { RequestConfig } from './call';

/** A page of a list as `/api/<api>/data` answers it. */
export type ListPage = { list: BaseRecord[]; total: number };

/** Which API prefix serves a Refine resource name (`users` -> `user`). */
export type ApiOf = (resource: string) => string;

/** Filters as our list calls take them: `{ field: value }`, empty strings and empty arrays dropped. */
export function filtersToBody(filters: CrudFilters = [], sorters: CrudSorting = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    const value = filter.value;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && (value.length === 0 || value.every((v) => v === '' || v === null || v === undefined))) continue;
    body[filter.field] = value;
  }
  const [sorter] = sorters;
  if (sorter) {
    body.sort = sorter.field;
    body.order = sorter.order;
  }
  return body;
}

/** The call that fetches a page of a list (also started ahead by the entry, src/app/App.tsx). */
export function listCall(
  api: string,
  filters: CrudFilters | undefined,
  sorters: CrudSorting | undefined,
  page: number,
  pageSize: number,
): RequestConfig {
  return { method: 'POST', url: `/api/${api}/data`, data: filtersToBody(filters, sorters), params: { page, pageSize } };
}

/** The list call of Refine's list params. */
export const pageCallOf =
  (apiOf: ApiOf) =>
  ({ resource, pagination, filters, sorters }: GetListParams): RequestConfig =>
    listCall(apiOf(resource), filters, sorters, pagination?.currentPage ?? 1, pagination?.pageSize ?? 20);
