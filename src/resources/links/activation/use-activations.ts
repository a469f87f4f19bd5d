import { useCallback, useEffect, useRef, useState } from 'react';
import { linkStates } from '../../link-states';
import { activationApi, type ActivationLink } from './activation-api';

const LIVE: readonly string[] = linkStates.live;
/** Several links at once are read again this often (one held read each would use up the browser's connections). */
const MANY_EVERY_MS = 3000;

export type ActivationSource = { id: number } | { orderId: number };

/**
 * The links a panel shows, kept current: one live link by a read the server holds until it changes
 * (a code shows the moment it arrives), several by reading them again every few seconds. `at` is
 * when they were read, for the countdowns.
 */
export function useActivations(source: ActivationSource) {
  const [links, setLinks] = useState<ActivationLink[] | null>(null);
  const [at, setAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const key = 'id' in source ? `id:${source.id}` : `order:${source.orderId}`;
  const sourceRef = useRef(source);
  sourceRef.current = source;

  const reload = useCallback(async () => {
    const s = sourceRef.current;
    try {
      const next = 'id' in s ? [await activationApi.one(s.id)] : await activationApi.ofOrder(s.orderId);
      setLinks(next);
      setAt(Date.now());
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : '读取失败，请稍后重试');
    }
  }, []);

  useEffect(() => {
    setLinks(null);
    void reload();
  }, [key, reload]);

  const live = (links ?? []).filter((l) => LIVE.includes(l.state));
  const single = live.length === 1 && links?.length === 1 ? live[0] : null;
  const watchKey = single ? `${single.token}:${single.last_code ?? ''}:${single.state}` : '';

  // The link being watched, read by the effect below, which restarts only when what it shows changes.
  const watched = useRef(single);
  watched.current = single;

  // One live link: hold a read until what it shows changes, then read the link again.
  useEffect(() => {
    const single = watched.current;
    if (!single) return undefined;
    const abort = new AbortController();
    let stopped = false;
    const loop = async () => {
      let failures = 0;
      while (!stopped) {
        try {
          const answer = await activationApi.watch(single.token, single.last_code ?? '', abort.signal);
          const view = answer?.code === 200 ? answer.data : null;
          if (view && ((view.code ?? '') !== (single.last_code ?? '') || view.state !== single.state)) {
            await reload();
            return;
          }
          failures = 0;
        } catch {
          if (stopped) return;
          failures += 1;
          await new Promise((r) => setTimeout(r, Math.min(30_000, 2000 * failures)));
        }
      }
    };
    void loop();
    return () => {
      stopped = true;
      abort.abort();
    };
  }, [watchKey, reload]);

  // Several live links: read them all again now and then.
  const many = live.length > 0 && !single;
  useEffect(() => {
    if (!many) return undefined;
    const timer = setInterval(() => void reload(), MANY_EVERY_MS);
    return () => clearInterval(timer);
  }, [many, reload]);

  return { links, at, error, reload };
}
