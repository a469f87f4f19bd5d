/**
 * The store's list by service: products grouped under their service (display names for common
 * codes), searched by service name (English, Chinese or code), title or country, and sorted by price
 * or stock, services following their cheapest or most stocked product.
 */
import { describe, expect, it } from 'vitest';
import type { StoreItem } from '../../../src/pages/store/api';
import { groupProducts } from '../../../src/pages/store/catalog';
import { serviceInfo } from '../../../src/pages/store/services';

let nextId = 1;
const product = (service: string, country: number, price: number, stock: number | null, title = `${service} ${country}`): StoreItem => ({
  id: nextId++,
  title,
  description: '',
  channel: 'sms',
  service,
  country,
  source: stock === null ? 'upstream' : 'stock',
  price,
  base_price: price,
  stock,
  valid_hours: 24,
  receive_limit: 1,
  reset_limit: 0,
  renew_price: 0,
  code_wait_minutes: 0,
  min_qty: 1,
  max_qty: 10,
});

const ITEMS = [
  product('wa', 0, 0.8, 5),
  product('tg', 187, 2.5, 1),
  product('tg', 0, 1.2, 0),
  product('tg', 6, 1.5, 40, 'Telegram 印尼老号'),
  product('xyz', 16, 0.3, null),
];

const shape = (groups: ReturnType<typeof groupProducts>) => groups.map((g) => [g.service.name, g.items.map((i) => i.country)]);

describe('groupProducts', () => {
  it("groups by service in the store's order, sold-out countries last, counting the countries on sale, with the lowest price on sale and the stock", () => {
    const groups = groupProducts(ITEMS, '', 'default');
    expect(shape(groups)).toEqual([
      ['WhatsApp', [0]],
      ['Telegram', [187, 6, 0]],
      ['xyz', [16]],
    ]);
    const tg = groups[1];
    expect([tg.countries, tg.lowest, tg.stock]).toEqual([2, 1.5, 41]);
    expect(groups[2].stock).toBeNull();
  });

  it('puts a service wholly sold out after the others, counting no country for it', () => {
    const groups = groupProducts([product('fb', 0, 0.5, 0), product('fb', 7, 0.6, 0), ...ITEMS], '', 'default');
    expect(shape(groups)).toEqual([
      ['WhatsApp', [0]],
      ['Telegram', [187, 6, 0]],
      ['xyz', [16]],
      ['Facebook', [0, 7]],
    ]);
    expect([groups[3].countries, groups[3].lowest]).toEqual([0, null]);
  });

  it('finds a service by its English or Chinese name or code, a product by its title or country', () => {
    for (const query of ['telegram', '电报', 'TG'])
      expect(shape(groupProducts(ITEMS, query, 'default')), query).toEqual([['Telegram', [187, 6, 0]]]);
    expect(shape(groupProducts(ITEMS, '印尼老号', 'default'))).toEqual([['Telegram', [6]]]);
    expect(shape(groupProducts(ITEMS, '俄罗斯', 'default'))).toEqual([
      ['WhatsApp', [0]],
      ['Telegram', [0]],
    ]);
    expect(shape(groupProducts(ITEMS, 'telegram 美国', 'default'))).toEqual([['Telegram', [187]]]);
    expect(groupProducts(ITEMS, '没有这个', 'default')).toEqual([]);
  });

  it('sorts by price (what is on sale first) and by stock, services following their best product', () => {
    expect(shape(groupProducts(ITEMS, '', 'price'))).toEqual([
      ['xyz', [16]],
      ['WhatsApp', [0]],
      ['Telegram', [6, 187, 0]],
    ]);
    expect(shape(groupProducts(ITEMS, '', 'stock'))).toEqual([
      ['xyz', [16]],
      ['Telegram', [6, 187, 0]],
      ['WhatsApp', [0]],
    ]);
  });
});

describe('serviceInfo', () => {
  it('names common services and draws any other as its code, each with a badge', () => {
    expect([serviceInfo('tg'), serviceInfo('wa'), serviceInfo('go'), serviceInfo('ot')].map((s) => s.name)).toEqual([
      'Telegram',
      'WhatsApp',
      'Google',
      '其他',
    ]);
    expect(serviceInfo('go').zh).toBe('谷歌');
    const other = serviceInfo('abc');
    expect([other.name, other.initial]).toEqual(['abc', 'A']);
    expect(other.color).toBe(serviceInfo('abc').color);
    expect(serviceInfo(null).name).toBe('未分类');
  });

  it("draws every badge's letter readable on its colour (4.5:1)", () => {
    const lum = (hex: string) =>
      [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const contrast = (a: string, b: string) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    for (const code of ['tg', 'wa', 'go', 'kt', 'fu', 'am', 'ot', 'abc', 'zz1', 'q9', 's8k2x']) {
      const { color, ink } = serviceInfo(code);
      expect(contrast(color, ink), code).toBeGreaterThanOrEqual(4.5);
    }
  });
});
