import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { storeApi, type StoreItem } from './api';
import { BUY_PARAM } from './buy-address';
import { message } from '../../framework/notices';

/**
 * The product named by `?buy=<id>` (chosen with 登录后购买 before logging in): read once, at this
 * customer's price and current stock, and handed to `open` wherever it is in the list. The address
 * forgets it at once, so a reload or coming back does not open the dialog again. A product taken off
 * sale meanwhile is said so; the sup, who cannot buy, just gets the store.
 */
export function useBuyOnArrival(open: (item: StoreItem) => void, canBuy: boolean): void {
  const [params, setParams] = useSearchParams();
  const [wanted] = useState(() => Number(params.get(BUY_PARAM)));
  const opener = useRef(open);
  opener.current = open;

  useEffect(() => {
    if (!params.has(BUY_PARAM)) return;
    const rest = new URLSearchParams(params);
    rest.delete(BUY_PARAM);
    setParams(rest, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (!canBuy || !Number.isInteger(wanted) || wanted < 1) return undefined;
    let live = true;
    storeApi.find(wanted).then(
      (item) => {
        if (!live) return;
        if (item) opener.current(item);
        else message.warning('您选择的商品已下架');
      },
      (e: Error) => {
        if (live) message.error(e.message || '商品加载失败');
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, canBuy]);
}
