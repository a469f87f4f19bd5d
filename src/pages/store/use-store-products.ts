import { useCallback, useMemo, useEffect, useRef, useState } from 'react';
import { STORE_PAGE_SIZE, storeApi, type StoreItem, type StorePage } from './api';

/** At most this many pages (5,000 products): the store searches and sorts them all in the browser. */
const MAX_PAGES = 50;

/** The products on sale and the state of loading them, as the store's list draws them. */
export interface StoreProducts {
  items: StoreItem[];
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** Every product on sale: the first page, then the others at once; one listed twice (the list moved between pages) counts once. */
async function loadAll(): Promise<StoreItem[]> {
  const first = await storeApi.list(1);
  const pages = Math.min(MAX_PAGES, Math.ceil(first.total / STORE_PAGE_SIZE));
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => storeApi.list(i + 2)));
  const byId = new Map<number, StoreItem>();
  for (const item of [first, ...rest].flatMap((page) => page.list)) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()];
}

/**
 * All the products on sale, for the public store and the console's: the service → country list
 * groups, searches and sorts them without asking the server again. A newer reload wins over an
 * older answer still on its way, and the list on screen stays while it reloads. `first`: products
 * already at hand (sent with the page): shown at once, and not loaded again when they are all of them.
 */
export function useStoreProducts(first?: StorePage): StoreProducts {
  const complete = first !== undefined && first.list.length >= first.total;
  const [items, setItems] = useState<StoreItem[]>(first?.list ?? []);
  const [loading, setLoading] = useState(!complete);
  const [error, setError] = useState<string | null>(null);
  const seeded = useRef(complete);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const all = await loadAll();
      if (call !== latest.current) return;
      setItems(all);
      setError(null);
    } catch (e) {
      if (call === latest.current) setError((e as Error).message || '加载失败');
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (seeded.current) seeded.current = false;
    else void load();
  }, [load]);

  const reload = useCallback(() => void load(), [load]);
  // One object while nothing changed, so the list under a dialog is not drawn again.
  return useMemo(() => ({ items, loading, error, reload }), [items, loading, error, reload]);
}
