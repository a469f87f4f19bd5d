import { useCallback, useEffect, useState } from 'react';
import { storeApi, type Quote } from '../api';

/**
 * What buying `quantity` of a product costs now and what the balance would be after
 * (`POST /api/order/quote`), asked again `delayMs` after the quantity stops changing.
 */
export function useQuote(goodsId: number, quantity: number | null, delayMs = 300) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (quantity === null || !Number.isInteger(quantity) || quantity < 1) {
      setQuote(null);
      setError(null);
      setLoading(false);
      return undefined;
    }
    let live = true;
    setLoading(true);
    const timer = setTimeout(async () => {
      try {
        const next = await storeApi.quote(goodsId, quantity);
        if (live) {
          setQuote(next);
          setError(null);
        }
      } catch (e) {
        if (live) {
          setQuote(null);
          setError((e as Error).message || '计算价格失败');
        }
      } finally {
        if (live) setLoading(false);
      }
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [goodsId, quantity, delayMs, round]);

  // A quote for another quantity than the one shown is not one to buy on.
  const current = quote && quote.quantity === quantity ? quote : null;
  return {
    quote: current,
    error,
    loading: loading || (quote !== null && current === null),
    refresh: useCallback(() => setRound((n) => n + 1), []),
  };
}
