import { countryName } from '../../common/countries';
import type { StoreItem } from './api';
import { serviceInfo, type ServiceInfo } from './services';

/** 默认: the store's own order (the sup's sort); 价格: cheapest first; 库存: most in stock first. */
export type StoreSort = 'default' | 'price' | 'stock';

/** One service and the products (countries) it is sold in, as the store lists them. */
export interface ServiceGroup {
  key: string;
  service: ServiceInfo;
  items: StoreItem[];
  /** How many countries it can be bought in now (sold-out ones not counted). */
  countries: number;
  /** The lowest price of what can be bought now; null when all of it is sold out. */
  lowest: number | null;
  /** Items in stock in all; null when some come from an upstream provider (no count: 充足). */
  stock: number | null;
}

export const isSoldOut = (item: StoreItem) => item.stock !== null && item.stock <= 0;

/** A product's stock for sorting: an upstream product (no count) has plenty. */
const stockOf = (item: StoreItem) => item.stock ?? Number.POSITIVE_INFINITY;

/**
 * The products by service, searched and sorted. A search matches every word against the service's
 * names and code, the product's title and its country's name (`telegram 美国`). Whatever the sort,
 * what can be bought comes first and sold-out countries last (a service wholly sold out after the
 * others); by price the cheapest first, by stock the most stocked; services follow their cheapest (or
 * most stocked) product. Products keep the store's order where nothing else decides.
 */
export function groupProducts(items: StoreItem[], query: string, sort: StoreSort): ServiceGroup[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, ServiceGroup>();
  for (const item of items) {
    const key = item.service ?? '';
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        service: serviceInfo(key, { name: item.service_name, cn: item.service_name_cn }),
        items: [],
        countries: 0,
        lowest: null,
        stock: 0,
      };
      groups.set(key, group);
    }
    const text = `${group.service.words} ${item.title.toLowerCase()} ${countryName(item.country)}`;
    if (words.every((w) => text.includes(w))) group.items.push(item);
  }

  const order = new Map(items.map((item, index) => [item.id, index]));
  const byStore = (a: StoreItem, b: StoreItem) => order.get(a.id)! - order.get(b.id)!;
  const soldOutLast = (a: StoreItem, b: StoreItem) => Number(isSoldOut(a)) - Number(isSoldOut(b));
  const compare: Record<StoreSort, (a: StoreItem, b: StoreItem) => number> = {
    default: (a, b) => soldOutLast(a, b) || byStore(a, b),
    price: (a, b) => soldOutLast(a, b) || a.price - b.price || byStore(a, b),
    stock: (a, b) => stockOf(b) - stockOf(a) || a.price - b.price || byStore(a, b),
  };

  // Groups were made in the store's order: their index is where their first product stands.
  const found = [...groups.values()].filter((g) => g.items.length > 0);
  const first = new Map(found.map((g, index) => [g, index]));
  for (const g of found) {
    g.items.sort(compare[sort]);
    const buyable = g.items.filter((i) => !isSoldOut(i));
    g.countries = new Set(buyable.map((i) => i.country ?? 0)).size;
    g.lowest = buyable.length ? Math.min(...buyable.map((i) => i.price)) : null;
    g.stock = g.items.some((i) => i.stock === null) ? null : g.items.reduce((sum, i) => sum + (i.stock ?? 0), 0);
  }
  const lowestOf = (g: ServiceGroup) => g.lowest ?? Number.POSITIVE_INFINITY;
  const groupStock = (g: ServiceGroup) => g.stock ?? Number.POSITIVE_INFINITY;
  const byFirst = (a: ServiceGroup, b: ServiceGroup) => first.get(a)! - first.get(b)!;
  return found.sort((a, b) => {
    if (sort === 'price') return lowestOf(a) - lowestOf(b) || byFirst(a, b);
    if (sort === 'stock') return groupStock(b) - groupStock(a) || byFirst(a, b);
    return Number(a.lowest === null) - Number(b.lowest === null) || byFirst(a, b);
  });
}
