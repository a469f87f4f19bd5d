import { linksOf } from '../links/index.js';
import { toDollars } from '../platform/lib/money.js';
import { formatTime } from '../platform/lib/time.js';
import type { Purchase } from './acquire.js';

/** A purchase as the API answers it (a buy and a re-use alike): money in dollars, each link with its addresses. */
export function purchaseData(p: Purchase, base: string, tz: string) {
  return {
    order_id: p.orderId,
    order_no: p.orderNo,
    quantity: p.quantity,
    unit_price: toDollars(p.unitPrice),
    amount: toDollars(p.amount),
    balance: toDollars(p.balance),
    tokens: p.tokens.map((t) => ({
      id: t.id,
      token: t.token,
      identifier: t.identifier,
      ...linksOf(base, t.token),
      expires_at: formatTime(t.expiresAt, tz),
    })),
  };
}
