import { useCallback, useEffect, useState } from 'react';
import { api } from '../providers/http';

/**
 * One GET answer a settings screen shows and edits: fetched as the screen opens, replaced by what a
 * save answers (`setData`). A failed call leaves `data` null; the http client has said why.
 */
export function useFetched<T>(path: string) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const refetch = useCallback(async () => {
    try {
      setData(await api.get<T>(path));
    } catch {
      // The http client has said why.
    } finally {
      setLoading(false);
    }
  }, [path]);
  useEffect(() => {
    void refetch();
  }, [refetch]);
  return { data, setData, loading, refetch };
}
