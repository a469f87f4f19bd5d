import type { DataProvider, HttpError } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import { pageCallOf, type ApiOf, type ListPage } from './list-call';
import { feedback } from './feedback';
import { api, ApiError, request } from './http';
import { http } from './http-client';

/** Refine wants HttpError; field errors go to `errors` so forms mark their fields. */
function asHttpError(error: unknown): HttpError {
  if (error instanceof ApiError) {
    return { message: error.message, statusCode: error.code, errors: error.errors } as HttpError;
  }
  return { message: String((error as Error)?.message ?? error), statusCode: 0 } as HttpError;
}

const guard = <T>(promise: Promise<T>) =>
  promise.catch((error) => {
    // The http client toasts every refusal it sees; anything else would go unseen (Refine's error
    // notices are off), so it is said here.
    if (!(error instanceof ApiError)) feedback.error('操作失败，请稍后重试');
    throw asHttpError(error);
  });

/**
 * Refine's simple-rest provider on the console's axios client (whose interceptors settle our
 * envelope, so its `custom` calls work as they are), with the calls whose addresses and bodies are
 * ours: `POST /api/<api>/data?page&pageSize` with the filters as the body, `detail?id`, `add`,
 * `edit`, `del` (docs/api.md).
 */
export function restProvider(apiOf: ApiOf): DataProvider {
  const base = (resource: string) => `/api/${apiOf(resource)}`;
  const pageCall = pageCallOf(apiOf);
  return {
    ...simpleRest('/api', http),

    getList: async (params) => {
      const data = await guard(request<ListPage>(pageCall(params)));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Refine's method is generic in the record type its caller names, which the JSON answer is taken to be
      return { data: data.list as any, total: data.total };
    },

    getOne: async ({ resource, id }) => ({ data: await guard(api.get(`${base(resource)}/detail`, { id })) }),

    getMany: async ({ resource, ids }) => ({
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Refine's method is generic in the record type its caller names, which the JSON answer is taken to be
      data: (await guard(Promise.all(ids.map((id) => api.get(`${base(resource)}/detail`, { id }))))) as any,
    }),

    // A refused save is toasted once by the http client; its field errors land on the form's fields.
    create: async ({ resource, variables }) => ({ data: await guard(api.post(`${base(resource)}/add`, variables)) }),

    update: async ({ resource, id, variables }) => ({
      data: await guard(api.post(`${base(resource)}/edit`, { ...(variables as object), id })),
    }),

    deleteOne: async ({ resource, id }) => {
      await guard(api.post(`${base(resource)}/del`, { ids: [id] }));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Refine's method is generic in the record type its caller names, which the JSON answer is taken to be
      return { data: { id } as any };
    },

    deleteMany: async ({ resource, ids }) => {
      await guard(api.post(`${base(resource)}/del`, { ids }));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Refine's method is generic in the record type its caller names, which the JSON answer is taken to be
      return { data: ids.map((id) => ({ id })) as any };
    },
  };
}
