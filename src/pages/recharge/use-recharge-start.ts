import { useEffect, useState } from 'react';
import { usdtApi, type PayOrder, type UsdtOptions } from '../../resources/usdt/api';

/** What the top-up form needs first: the rules, and the customer's orders still waiting for payment. */
export function useRechargeStart() {
  const [options, setOptions] = useState<UsdtOptions | null>(null);
  const [open, setOpen] = useState<PayOrder[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    Promise.all([usdtApi.options(), usdtApi.openOrders().catch(() => ({ list: [] as PayOrder[] }))])
      .then(([o, orders]) => { if (live) { setOptions(o); setOpen(orders.list); } })
      .catch(() => undefined)
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, []);
  return { options, open, loading };
}

const PRESETS = [10, 20, 50, 100, 200, 500, 1000];

/** The preset amounts inside the configured bounds (the bounds themselves when none fits). */
export function presetsWithin(min: number, max: number): number[] {
  const inside = PRESETS.filter((p) => p >= min && p <= max);
  return inside.length ? inside : [...new Set([min, max])];
}
