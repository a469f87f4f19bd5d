import { useRef } from 'react';
import type { QueryState } from '@tanstack/react-query';

/** Data this recent when a screen begins (fetched ahead, or as its menu item was pressed) is not asked for again. */
const FRESH_MS = 1000;

/**
 * A query's `refetchOnMount` for a screen whose data may be fetched ahead of it: data that arrived
 * after the screen began (or just before) is not asked for again as it mounts; older data is, and
 * so is data something has since made stale (a save), however recent.
 */
export function useRefetchOnMount(): (query: { state: Pick<QueryState, 'isInvalidated' | 'dataUpdatedAt'> }) => boolean {
  const began = useRef(Date.now()).current;
  return (query) => query.state.isInvalidated || query.state.dataUpdatedAt < began - FRESH_MS;
}
