import type { DataProvider } from '@refinedev/core';
import { later } from '../framework/later';
import type { PeekingDataProvider } from '../framework/list/use-list-query';
import { peekEarly } from './http';
import { pageCallOf, type ApiOf, type ListPage } from './list-call';

export { filtersToBody, listCall, type ApiOf } from './list-call';

// Those the provider has (Refine makes several single calls for a createMany or updateMany it lacks).
const METHODS = ['getList', 'getMany', 'getOne', 'create', 'update', 'deleteOne', 'deleteMany', 'custom'] as const;
type Method = (typeof METHODS)[number];

/**
 * The console's data provider (src/providers/rest-provider.ts: Refine's simple-rest on the axios
 * client, with our envelope's calls), loaded with the client on the first call or once the page is
 * quiet: a list drawn with its first page fetched ahead (`peekList`) needs none of it for its first paint.
 */
const restCode = later(() => import('./rest-provider'));

/** Asks for the data provider's and the http client's code once the page is quiet. */
export const prefetchDataProvider = (): void => restCode.soon();

export function createDataProvider(apiOf: ApiOf): DataProvider & PeekingDataProvider {
  let rest: Promise<DataProvider> | null = null;
  const provider = () => (rest ??= restCode.load().then((m) => m.restProvider(apiOf)));
  const pageCall = pageCallOf(apiOf);
  const lazy = Object.fromEntries(
    METHODS.map((name) => [
      name,
      async (params: never) => {
        const real = await provider();
        return (real[name] as (p: never) => unknown)(params);
      },
    ]),
  );
  return {
    ...(lazy as unknown as Pick<Required<DataProvider>, Method>),
    getApiUrl: () => '/api',
    // A page the entry fetched ahead (src/app/first-calls.ts) and already has.
    peekList: (params) => {
      const data = peekEarly<ListPage>(pageCall(params));
      return data && { data: data.list, total: data.total };
    },
  };
}
