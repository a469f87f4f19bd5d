import type { BaseRecord, CrudFilters, CrudSorting, DataProvider, GetListParams, HttpError } from '@refinedev/core';
import type { PeekingDataProvider } from '../framework/list/use-list-query';
import { feedback } from './feedback';
import { api, ApiError, peekEarly, request, type RequestConfig } from './http';

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
  if (sorter) { body.sort = sorter.field; body.order = sorter.order; }
  return body;
}

/** The call that fetches a page of a list (also started ahead by the entry, src/app/App.tsx). */
export function listCall(api: string, filters: CrudFilters | undefined, sorters: CrudSorting | undefined, page: number, pageSize: number): RequestConfig {
  return { method: 'POST', url: `/api/${api}/data`, data: filtersToBody(filters, sorters), params: { page, pageSize } };
}

/** Refine wants HttpError; field errors go to `errors` so forms mark their fields. */
function asHttpError(error: unknown): HttpError {
  if (error instanceof ApiError) {
    return { message: error.message, statusCode: error.code, errors: error.errors } as HttpError;
  }
  return { message: String((error as Error)?.message ?? error), statusCode: 0 } as HttpError;
}

const guard = <T>(promise: Promise<T>) => promise.catch((error) => {
  // The http client toasts every refusal it sees; anything else would go unseen (Refine's error
  // notices are off), so it is said here.
  if (!(error instanceof ApiError)) feedback.error('操作失败，请稍后重试');
  throw asHttpError(error);
});

type ListPage = { list: BaseRecord[]; total: number };

export function createDataProvider(apiOf: ApiOf): DataProvider & PeekingDataProvider {
  const base = (resource: string) => `/api/${apiOf(resource)}`;
  const pageCall = ({ resource, pagination, filters, sorters }: GetListParams) =>
    listCall(apiOf(resource), filters, sorters, pagination?.currentPage ?? 1, pagination?.pageSize ?? 20);
  return {
    getApiUrl: () => '/api',

    // A page the entry fetched ahead (src/app/first-calls.ts) and already has.
    peekList: (params) => {
      const data = peekEarly<ListPage>(pageCall(params));
      return data && { data: data.list, total: data.total };
    },

    getList: async (params) => {
      const data = await guard(request<ListPage>(pageCall(params)));
      return { data: data.list as any, total: data.total };
    },

    getOne: async ({ resource, id }) => ({ data: await guard(api.get(`${base(resource)}/detail`, { id })) }),

    getMany: async ({ resource, ids }) => ({
      data: await guard(Promise.all(ids.map((id) => api.get(`${base(resource)}/detail`, { id })))) as any,
    }),

    // A refused save is toasted once by the http client; its field errors land on the form's fields.
    create: async ({ resource, variables }) =>
      ({ data: await guard(api.post(`${base(resource)}/add`, variables)) }),

    update: async ({ resource, id, variables }) =>
      ({ data: await guard(api.post(`${base(resource)}/edit`, { ...(variables as object), id })) }),

    deleteOne: async ({ resource, id }) => {
      await guard(api.post(`${base(resource)}/del`, { ids: [id] }));
      return { data: { id } as any };
    },

    deleteMany: async ({ resource, ids }) => {
      await guard(api.post(`${base(resource)}/del`, { ids }));
      return { data: ids.map((id) => ({ id })) as any };
    },

    custom: async ({ url, method, payload, query }) => {
      const data = method === 'get'
        ? await guard(api.get(url, query as Record<string, unknown>))
        : await guard(api.post(url, payload ?? {}, query as Record<string, unknown>));
      return { data };
    },
  };
}
