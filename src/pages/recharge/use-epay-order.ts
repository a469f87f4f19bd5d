import { useCallback, useEffect, useRef, useState } from 'react';
import { refreshUserInfo } from '../../common/user-info';
import { epayApi, type EpayOrder, type EpayState } from '../../resources/epay/api';

/** Asked often while the payer may be paying; now and then after expiry (a late payment still credits); never once settled. */
const POLL_MS: Record<EpayState, number | null> = { waiting: 3000, expired: 15_000, paid: null, cancelled: null };

/** One 易支付 order kept current from the server (never from the gateway's return parameters); the balance re-read once it is paid. */
export function useEpayOrder(id: number, first?: EpayOrder) {
  const [order, setOrder] = useState<EpayOrder | null>(first ?? null);
  const [error, setError] = useState<string | null>(null);
  const seenPaid = useRef(false);
  const load = useCallback(async () => {
    try {
      const next = await epayApi.detail(id);
      setOrder((prev) => ({ ...next, qrcode: prev?.qrcode ?? null }));
      setError(null);
      if (next.state === 'paid' && !seenPaid.current) {
        seenPaid.current = true;
        await refreshUserInfo();
      }
    } catch (e) {
      setError((e as Error).message || '加载失败');
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  const every = order ? POLL_MS[order.state] : null;
  useEffect(() => {
    if (every === null) return undefined;
    const timer = setInterval(() => void load(), every);
    return () => clearInterval(timer);
  }, [every, load]);
  return { order, setOrder, error };
}
