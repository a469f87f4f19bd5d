import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceDef } from '../declaration';
import { decodeListState, encodeListState, type ListState } from './url-state';

/** The list state lives in the URL, so reloads, links and the back button keep it. */
export function useListState(def: ResourceDef) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => decodeListState(def, params), [def, params]);
  const update = useCallback(
    (patch: Partial<ListState>) => setParams(encodeListState(def, { ...state, ...patch })),
    [def, state, setParams],
  );
  return { state, update, query: params.toString() };
}
