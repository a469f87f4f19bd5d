import { useCallback, useEffect, useRef } from 'react';
import {
  keys,
  useDataProvider,
  type CrudFilter,
  type CrudSort,
  type DataProvider,
  type GetListParams,
  type GetListResponse,
  type HttpError,
} from '@refinedev/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRefetchOnMount } from '../use-refetch-on-mount';
import { DEFAULT_PAGE_SIZE } from './url-state';

/**
 * A data provider may also hand over, synchronously, a page it already has (fetched before the
 * screen's code arrived): the screen is then drawn with its rows at once, not empty and again.
 */
export interface PeekingDataProvider {
  peekList?(params: GetListParams): GetListResponse | undefined;
}

/**
 * A page of a list as a query: Refine's list key (saves and deletes elsewhere refresh it as usual)
 * and the call that fetches it.
 */
export function listQuery(
  dataProvider: DataProvider & PeekingDataProvider,
  name: string,
  filters: CrudFilter[],
  sorters: CrudSort[],
  page: number,
  pageSize: number,
) {
  const params = { resource: name, filters, sorters, pagination: { currentPage: page, pageSize, mode: 'server' as const } };
  return {
    queryKey: keys().data('default').resource(name).action('list').params({ filters, sorters, pagination: params.pagination }).get(),
    queryFn: () => dataProvider.getList(params),
    peek: () => dataProvider.peekList?.(params),
  };
}

type ListQuery = ReturnType<typeof listQuery>;

/** Starts fetching a page unless it is cached or on its way; a page the data provider already has is cached at once. */
export function startListQuery(queryClient: QueryClient, query: ListQuery): void {
  if (queryClient.getQueryState(query.queryKey)) return;
  const ready = query.peek();
  if (ready) queryClient.setQueryData(query.queryKey, ready);
  else void queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.queryFn });
}

/**
 * Starts fetching the first page of a list as it opens from the menu (no filters, no sort), when
 * the item is pressed: by the time the screen is drawn its rows are on their way or in.
 */
export function usePrefetchList(): (name: string) => void {
  const dataProvider = useDataProvider()();
  const queryClient = useQueryClient();
  return useCallback(
    (name: string) => {
      startListQuery(queryClient, listQuery(dataProvider, name, [], [], 1, DEFAULT_PAGE_SIZE));
    },
    [dataProvider, queryClient],
  );
}

/**
 * A page of a list. When the screen opens, its request starts while the screen is still being drawn
 * (not after it is on screen), or earlier: the menu starts it as its item is pressed, so the rows
 * are usually in by the time the screen is drawn, which then happens once, with them, instead of
 * empty and then again. While another page of this list loads its rows stay; rows of another list
 * never do. A plain query under Refine's key (Refine's useList cost more to draw than the rows; the
 * http client already shows failures and ends lost sessions).
 */
export function useListQuery(name: string, filters: CrudFilter[], sorters: CrudSort[], page: number, pageSize: number) {
  const dataProvider = useDataProvider()();
  const queryClient = useQueryClient();
  const query = listQuery(dataProvider, name, filters, sorters, page, pageSize);

  const mounted = useRef(false);
  if (!mounted.current) startListQuery(queryClient, query);
  useEffect(() => {
    mounted.current = true;
  }, []);

  const refetchOnMount = useRefetchOnMount();
  const result = useQuery<GetListResponse, HttpError>({
    queryKey: query.queryKey,
    queryFn: query.queryFn,
    refetchOnMount,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.includes(name) ? previous : undefined),
  });
  return { result: { data: result.data?.data ?? [], total: result.data?.total }, query: result };
}

/**
 * Whether the list has any row at all, whatever its tab: asked (one row) only while `enabled`, when a
 * narrowing tab found none, so that a list with nothing yet says its first-use words instead of the
 * tab's. Undefined until known.
 */
export function useAnyRows(name: string, enabled: boolean): boolean | undefined {
  const dataProvider = useDataProvider()();
  const query = listQuery(dataProvider, name, [], [], 1, 1);
  const result = useQuery<GetListResponse, HttpError>({ queryKey: query.queryKey, queryFn: query.queryFn, enabled });
  return enabled && result.data ? (result.data.total ?? result.data.data.length) > 0 : undefined;
}
