import { useCallback } from 'react';
import { keys, useDataProvider } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { message } from '../notices';

/**
 * Deletes one record of a resource, says so by the resource's label, and marks the resource's
 * cached lists and records stale (the list on screen refetches). What Refine's useDelete did for a
 * list, without its hooks in every list's first draw. A refusal has been shown by the http client.
 */
export function useDeleteRecord(name: string, label: string): (id: unknown) => Promise<void> {
  const dataProvider = useDataProvider()();
  const queryClient = useQueryClient();
  return useCallback(
    (id: unknown) =>
      dataProvider.deleteOne({ resource: name, id: id as string | number }).then(
        () => {
          message.success(`${label}已删除`);
          return queryClient.invalidateQueries({ queryKey: keys().data('default').resource(name).get() });
        },
        () => undefined,
      ),
    [dataProvider, queryClient, name, label],
  );
}
