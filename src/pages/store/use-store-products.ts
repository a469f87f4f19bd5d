import { useCallback, useEffect, useRef, useState } from 'react';
import { storeApi, type StoreItem, type StorePage } from './api';

/**
 * The products on sale, a page at a time (more on demand), for the public store and the console's.
 * A newer search or reload wins over an older answer still on its way. `first`: a first page already
 * at hand (sent with the page), shown instead of loading it.
 */
export function useStoreProducts(keyword = '', first?: StorePage) {
  const [items, setItems] = useState<StoreItem[]>(first?.list ?? []);
  const [total, setTotal] = useState(first?.total ?? 0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(!first);
  const seeded = useRef(first !== undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(async (nextPage: number) => {
    const call = ++latest.current;
    if (nextPage === 1) setLoading(true);
    else setLoadingMore(true);
    try {
      const data = await storeApi.list(nextPage, keyword.trim());
      if (call !== latest.current) return;
      setItems((old) => (nextPage === 1 ? data.list : [...old, ...data.list]));
      setTotal(data.total);
      setPage(nextPage);
      setError(null);
    } catch (e) {
      if (call === latest.current) setError((e as Error).message || '加载失败');
    } finally {
      if (call === latest.current) { setLoading(false); setLoadingMore(false); }
    }
  }, [keyword]);

  useEffect(() => {
    if (seeded.current) seeded.current = false;
    else void load(1);
  }, [load]);

  return {
    items, total, loading, loadingMore, error,
    hasMore: items.length < total,
    reload: useCallback(() => load(1), [load]),
    loadMore: useCallback(() => load(page + 1), [load, page]),
  };
}
