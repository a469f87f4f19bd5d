import { useCallback, useEffect, useRef, useState } from 'react';
import { refreshUserInfo } from '../../common/user-info';
import { usdtApi, type PayOrder, type PayState } from '../../resources/usdt/api';

/** How often the state is asked for: often while a payment may come, now and then after expiry (a payment made in time can still arrive), never once settled. */
const POLL_MS: Record<PayState, number | null> = { waiting: 3000, confirming: 3000, expired: 15_000, paid: null, cancelled: null };

/**
 * One pay order, kept current by polling `GET /api/usdt/detail`. When it turns paid the caller's
 * own info is re-read, so the header's balance rises without a reload.
 */
export function usePayOrder(id: number | null) {
  const [order, setOrder] = useState<PayOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [receivedAt, setReceivedAt] = useState(0);
  const [balance, setBalance] = useState<number | null>(null);
  const seenPaid = useRef(false);

  const accept = useCallback(async (next: PayOrder) => {
    setOrder(next);
    setReceivedAt(Date.now());
    if (next.state === 'paid' && !seenPaid.current) {
      seenPaid.current = true;
      const user = await refreshUserInfo();
      if (user) setBalance(user.balance);
    }
  }, []);

  const load = useCallback(async () => {
    if (id === null) return;
    try {
      await accept(await usdtApi.detail(id));
      setError(null);
    } catch (e) {
      setError((e as Error).message || '加载失败');
    }
  }, [id, accept]);

  useEffect(() => {
    seenPaid.current = false;
    setOrder(null);
    void load();
  }, [load]);

  const every = order ? POLL_MS[order.state] : null;
  useEffect(() => {
    if (every === null) return undefined;
    const timer = setInterval(() => {
      void load();
    }, every);
    return () => clearInterval(timer);
  }, [every, load]);

  return { order, error, balance, receivedAt, reload: load, accept };
}

const secondsUntil = (deadline: number | null) => (deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));

/** Seconds left until `deadline` (ms on this device's clock), ticking each second. */
export function useSecondsLeft(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setSeconds(secondsUntil(deadline));
    if (deadline === null) return undefined;
    const timer = setInterval(() => setSeconds(secondsUntil(deadline)), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}
