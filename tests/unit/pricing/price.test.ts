/** The price rule (docs/business-rules.md#prices): every precedence case, time windows and rounding. */
import { describe, expect, it } from 'vitest';
import { applyRate, inWindow, resolvePrice, type Discount } from '../../../server/pricing/price.js';

const NOW = 1_750_000_000_000;
const HOUR = 3_600_000;
let nextId = 1;
const discount = (d: Partial<Discount>): Discount => ({
  id: nextId++,
  goods_id: null,
  rate: null,
  price: null,
  start_at: null,
  end_at: null,
  ...d,
});
const price = (discounts: Discount[], groupRate: number | null = 90, basePrice = 1000, goodsId = 7) =>
  resolvePrice({ basePrice, goodsId, groupRate, discounts, now: NOW });

describe('price precedence', () => {
  it('without group or discount: the product price, rate 1', () => {
    expect(price([], null)).toEqual({ unitPrice: 1000, rate: 100, basis: 'none' });
  });

  it('the group rate when the user has no discount', () => {
    expect(price([], 85)).toEqual({ unitPrice: 850, rate: 85, basis: 'group' });
    expect(price([], 100)).toEqual({ unitPrice: 1000, rate: 100, basis: 'group' });
  });

  it('a user discount on every product beats the group rate', () => {
    expect(price([discount({ rate: 70 })], 85)).toEqual({ unitPrice: 700, rate: 70, basis: 'user_discount' });
  });

  it('a discount for this product beats the user discount and the group', () => {
    const ds = [discount({ rate: 70 }), discount({ goods_id: 7, rate: 95 })];
    // Even when it is dearer: the more specific rule is the sup's intent.
    expect(price(ds, 50)).toEqual({ unitPrice: 950, rate: 95, basis: 'product_discount' });
  });

  it('a fixed price for this product', () => {
    expect(price([discount({ rate: 70 }), discount({ goods_id: 7, price: 333 })])).toEqual({
      unitPrice: 333,
      rate: null,
      basis: 'product_discount',
    });
  });

  it('a discount for another product does not apply', () => {
    expect(price([discount({ goods_id: 8, rate: 10 })], 85)).toEqual({ unitPrice: 850, rate: 85, basis: 'group' });
    expect(price([discount({ goods_id: 8, price: 1 }), discount({ rate: 60 })], 85)).toEqual({
      unitPrice: 600,
      rate: 60,
      basis: 'user_discount',
    });
  });

  it('of two discounts in force for the same scope, the newest wins', () => {
    const older = discount({ goods_id: 7, rate: 80 });
    const newer = discount({ goods_id: 7, rate: 60 });
    expect(price([newer, older]).unitPrice).toBe(600);
    const a = discount({ rate: 50 });
    const b = discount({ rate: 75 });
    expect(price([b, a]).unitPrice).toBe(750);
  });
});

describe('time windows', () => {
  it('counts a discount only inside its window, both ends included', () => {
    expect(inWindow({ start_at: NOW, end_at: NOW }, NOW)).toBe(true);
    expect(inWindow({ start_at: NOW + 1, end_at: null }, NOW)).toBe(false);
    expect(inWindow({ start_at: null, end_at: NOW - 1 }, NOW)).toBe(false);
    expect(inWindow({ start_at: null, end_at: null }, NOW)).toBe(true);
  });

  it('a product discount not yet started or already over falls back to the user discount, then the group', () => {
    const future = discount({ goods_id: 7, rate: 10, start_at: NOW + HOUR });
    const past = discount({ goods_id: 7, rate: 20, start_at: NOW - 2 * HOUR, end_at: NOW - HOUR });
    expect(price([future, past, discount({ rate: 80 })]).basis).toBe('user_discount');
    expect(price([future, past], 90)).toEqual({ unitPrice: 900, rate: 90, basis: 'group' });
  });

  it('a newer discount outside its window does not hide an older one inside it', () => {
    const standing = discount({ goods_id: 7, rate: 80 });
    const expiredOffer = discount({ goods_id: 7, rate: 50, end_at: NOW - 1 });
    expect(price([standing, expiredOffer]).unitPrice).toBe(800);
    const runningOffer = discount({ goods_id: 7, rate: 50, start_at: NOW - HOUR, end_at: NOW + HOUR });
    expect(price([standing, runningOffer]).unitPrice).toBe(500);
  });
});

describe('rounding', () => {
  it('rounds half up to the cent', () => {
    expect(applyRate(1, 50)).toBe(1); // 0.5 cent -> 1
    expect(applyRate(3, 50)).toBe(2); // 1.5 -> 2
    expect(applyRate(5, 50)).toBe(3); // 2.5 -> 3
    expect(applyRate(999, 85)).toBe(849); // 849.15 -> 849
    expect(applyRate(1001, 85)).toBe(851); // 850.85 -> 851
    expect(applyRate(1010, 85)).toBe(859); // 858.5 -> 859
    expect(applyRate(12345, 33)).toBe(4074); // 4073.85 -> 4074
  });

  it('never prices a unit below one cent', () => {
    expect(applyRate(1, 1)).toBe(1);
    expect(applyRate(49, 1)).toBe(1);
  });

  it('is exact for large prices', () => {
    expect(applyRate(10_000_000, 99)).toBe(9_900_000);
    expect(applyRate(9_999_999, 1)).toBe(100_000); // 99999.99 -> 100000
  });

  it('applies the rounding through every rule that uses a rate', () => {
    expect(price([], 85, 1010).unitPrice).toBe(859);
    expect(price([discount({ rate: 85 })], null, 1010).unitPrice).toBe(859);
    expect(price([discount({ goods_id: 7, rate: 85 })], null, 1010).unitPrice).toBe(859);
  });
});
