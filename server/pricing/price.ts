/**
 * The price a user pays for one unit of a product (docs/business-rules.md#prices), as a pure function:
 * a discount for this user and this product, else a discount for this user on every product, else
 * the user's group rate, else the product's price. Discounts count only inside their time window
 * (start and end both included; either may be open). Where several discounts of the same kind are
 * in force, the newest wins (a temporary offer added on top of a standing one replaces it while it
 * lasts). Money is in cents and rates in hundredths, so the arithmetic is exact; a rate's result is
 * rounded half-up to the cent and never below one cent.
 */
export interface Discount {
  id: number;
  goods_id: number | null;
  /** Hundredths (85 = 0.85), or null for a fixed price. */
  rate: number | null;
  /** Cents, or null for a rate. */
  price: number | null;
  start_at: number | null;
  end_at: number | null;
}

export type PriceBasis = 'product_discount' | 'user_discount' | 'group' | 'none' | 'reseller';

export interface Price {
  /** Cents. */
  unitPrice: number;
  /** The rate applied, in hundredths; null when a fixed price applied. */
  rate: number | null;
  basis: PriceBasis;
  /** A reseller's customer: the reseller's own price of the unit (cents); what it keeps is unitPrice - cost. */
  cost?: number;
}

export interface PriceInput {
  /** The product's price in cents. */
  basePrice: number;
  goodsId: number;
  /** The user's group rate in hundredths, or null without a group. */
  groupRate: number | null;
  discounts: readonly Discount[];
  now: number;
}

export function inWindow(d: Pick<Discount, 'start_at' | 'end_at'>, now: number): boolean {
  return (d.start_at === null || d.start_at <= now) && (d.end_at === null || now <= d.end_at);
}

/**
 * A reseller's price over its own: cents x (1 + markup), markup in hundredths of a percent (2000 =
 * 20 %), rounded up to the cent (docs/resellers.md).
 */
export function markedUp(cents: number, markup: number): number {
  return Math.floor((cents * (10_000 + markup) + 9_999) / 10_000);
}

/**
 * The unit price a reseller's customer pays: the reseller's own price for the product when it set one
 * (never below its own cost, even when that cost has risen since), else its cost with the markup.
 */
export function resoldPrice(cost: number, markup: number, ownPrice: number | undefined): number {
  return ownPrice !== undefined ? Math.max(ownPrice, cost) : markedUp(cost, markup);
}

/** cents x hundredths / 100, rounded half-up, at least one cent. */
export function applyRate(cents: number, rate: number): number {
  return Math.max(1, Math.floor((cents * rate + 50) / 100));
}

function newest(discounts: readonly Discount[]): Discount | undefined {
  return discounts.reduce<Discount | undefined>((best, d) => (!best || d.id > best.id ? d : best), undefined);
}

export function resolvePrice(p: PriceInput): Price {
  const live = p.discounts.filter((d) => inWindow(d, p.now));
  const product = newest(live.filter((d) => d.goods_id === p.goodsId));
  if (product) return fromDiscount(p.basePrice, product, 'product_discount');
  const everyProduct = newest(live.filter((d) => d.goods_id === null));
  if (everyProduct) return fromDiscount(p.basePrice, everyProduct, 'user_discount');
  if (p.groupRate !== null) return { unitPrice: applyRate(p.basePrice, p.groupRate), rate: p.groupRate, basis: 'group' };
  return { unitPrice: p.basePrice, rate: 100, basis: 'none' };
}

function fromDiscount(basePrice: number, d: Discount, basis: PriceBasis): Price {
  if (d.price !== null) return { unitPrice: d.price, rate: null, basis };
  return { unitPrice: applyRate(basePrice, d.rate ?? 100), rate: d.rate ?? 100, basis };
}
