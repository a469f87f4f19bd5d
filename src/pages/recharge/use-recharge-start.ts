import { useEffect, useState } from 'react';
import { payApi, type PayMethod } from '../../resources/epay/api';
import { usdtApi, type PayOrder, type UsdtOptions } from '../../resources/usdt/api';

/** What the top-up form needs first: the methods on offer, USDT's rules, and the customer's USDT orders still waiting for payment. */
export function useRechargeStart() {
  const [methods, setMethods] = useState<PayMethod[]>([]);
  const [usdt, setUsdt] = useState<UsdtOptions | null>(null);
  const [open, setOpen] = useState<PayOrder[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    Promise.all([payApi.options(), usdtApi.options().catch(() => null), usdtApi.openOrders().catch(() => ({ list: [] as PayOrder[] }))])
      .then(([o, u, orders]) => {
        if (live) {
          setMethods(o.methods);
          setUsdt(u);
          setOpen(orders.list);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, []);
  return { methods, usdt, open, loading };
}

const PRESETS = [10, 20, 50, 100, 200, 500, 1000];

/** The preset amounts inside the configured bounds (the bounds themselves when none fits). */
export function presetsWithin(min: number, max: number): number[] {
  const inside = PRESETS.filter((p) => p >= min && p <= max);
  return inside.length ? inside : [...new Set([min, max])];
}

/** USDT's methods (`usdt_<chain>`) are one choice with a network under it; each epay type is a choice of its own. */
export const isUsdt = (method: string) => method.startsWith('usdt_');
export const chainOf = (method: string) => method.slice('usdt_'.length);
/** A USDT method's network as people call it: `USDT (BEP20 (BSC))` → `BEP20 (BSC)`. */
export const networkOf = (m: PayMethod) => m.label.replace(/^USDT \((.*)\)$/, '$1');
