import { useEffect, useRef } from 'react';
import { keys, useDataProvider, useList, type CrudFilter, type CrudSort } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';

/**
 * A page of a list. When the screen opens, its request starts while the screen is still being drawn
 * (not after it is on screen), so on a first visit the rows arrive about when the screen is ready
 * instead of a round trip later. The key is Refine's list key: saves and deletes elsewhere refresh
 * it as usual. While another page of this list loads its rows stay; rows of another list never do.
 */
export function useListQuery(name: string, filters: CrudFilter[], sorters: CrudSort[], page: number, pageSize: number) {
  const dataProvider = useDataProvider()();
  const queryClient = useQueryClient();
  const pagination = { currentPage: page, pageSize, mode: 'server' as const };
  const queryKey = keys().data('default').resource(name).action('list').params({ filters, sorters, pagination }).get();
  const queryFn = () => dataProvider.getList({ resource: name, filters, sorters, pagination });

  const mounted = useRef(false);
  const began = useRef(Date.now()).current;
  if (!mounted.current && !queryClient.getQueryState(queryKey)) void queryClient.prefetchQuery({ queryKey, queryFn });
  useEffect(() => { mounted.current = true; }, []);

  return useList({
    resource: name, filters, sorters, pagination,
    queryOptions: {
      queryKey, queryFn,
      // Rows that arrived after this screen began are not asked for again as it mounts; older ones are.
      refetchOnMount: (query) => query.state.dataUpdatedAt < began,
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.includes(name) ? previous : undefined),
    },
  });
}
