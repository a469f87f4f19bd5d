import { useCallback, useState } from 'react';
import { ApiError } from '../../../providers/http';
import { refreshUserInfo } from '../../../common/user-info';
import { storeApi, type Purchase } from '../api';

/**
 * `POST /api/order/buy`. A refusal (402 balance, 409 stock, 400 off sale or quantity) keeps the
 * server's message for the dialog; a purchase re-reads the user's info so the header balance drops.
 */
export function useBuy() {
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [error, setError] = useState<{ code: number; message: string } | null>(null);
  const [buying, setBuying] = useState(false);

  const buy = useCallback(async (goodsId: number, quantity: number) => {
    setBuying(true);
    setError(null);
    try {
      const done = await storeApi.buy(goodsId, quantity);
      setPurchase(done);
      void refreshUserInfo();
      return done;
    } catch (e) {
      setError({ code: e instanceof ApiError ? e.code : 0, message: (e as Error).message || '购买失败' });
      return null;
    } finally {
      setBuying(false);
    }
  }, []);

  return { purchase, error, buying, buy, clearError: useCallback(() => setError(null), []) };
}
