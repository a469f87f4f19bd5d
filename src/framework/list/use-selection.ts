import { useCallback, useMemo, useState } from 'react';

type Id = string | number;

/**
 * Ticked rows, kept by id across pages and refetches (a live list's new rows do not untick any),
 * each with the row as last seen, for actions that need more than the id.
 */
export function useSelection(records: Record<string, unknown>[]) {
  const [picked, setPicked] = useState<Map<Id, Record<string, unknown>>>(() => new Map());

  // Rows on screen replace their older copies, so actions get what the user sees.
  const fresh = useMemo(() => {
    if (!picked.size) return picked;
    const next = new Map(picked);
    for (const r of records) if (next.has(r.id as Id)) next.set(r.id as Id, r);
    return next;
  }, [picked, records]);

  const setKeys = useCallback(
    (keys: Id[]) => {
      setPicked((old) => {
        const byId = new Map(records.map((r) => [r.id as Id, r]));
        return new Map(keys.map((k) => [k, byId.get(k) ?? old.get(k) ?? { id: k }]));
      });
    },
    [records],
  );

  const toggle = useCallback((record: Record<string, unknown>, on: boolean) => {
    setPicked((old) => {
      const next = new Map(old);
      if (on) next.set(record.id as Id, record);
      else next.delete(record.id as Id);
      return next;
    });
  }, []);

  const clear = useCallback(() => setPicked(new Map()), []);
  return { keys: [...fresh.keys()], records: [...fresh.values()], has: (id: Id) => fresh.has(id), setKeys, toggle, clear };
}
