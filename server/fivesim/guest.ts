import { mayHaveNumbers, offersFor, type Offer } from '../sms-activate/index.js';
import { dollars, E, refuse, type Answer } from './answers.js';
import { countriesAsked, offersOf, operatorOk } from './buy.js';
import { countryFacts, countryName, productNamer } from './names.js';
import type { GuestCall } from './call.js';

/** A visitor prices as a new customer of the site does (`GuestCall.pricing`): no user has id 0. */
const GUEST = 0;

const guestOffers = ({ ctx, pricing }: GuestCall) => offersFor(ctx, GUEST, { pricing });

/** Numbers in stock, and the price of the cheapest that has any (else the cheapest): offers cheapest first. */
function summary(offers: Offer[]): { count: number; price: number } {
  const cheapest = offers.find(mayHaveNumbers) ?? offers[0];
  return { count: offers.reduce((n, o) => n + (o.available ?? 0), 0), price: cheapest.price };
}

function grouped<K>(offers: Offer[], keyOf: (o: Offer) => K): Map<K, Offer[]> {
  const out = new Map<K, Offer[]>();
  for (const o of offers) out.set(keyOf(o), [...(out.get(keyOf(o)) ?? []), o]);
  return out;
}

/**
 * guest/countries: the countries we sell SMS numbers in, by 5sim's word:
 * `{ "russia": { iso: { ru: 1 }, prefix: { "+7": 1 }, text_en, text_ru, any: { activation: 1 } } }`
 * (our numbers carry no operator: `any` is the one listed).
 */
export async function countries(c: GuestCall): Promise<Answer> {
  const numbers = [...new Set((await guestOffers(c)).map((o) => o.country))].sort((a, b) => a - b);
  const out: Record<string, unknown> = {};
  for (const number of numbers) {
    const f = countryFacts(number);
    out[f.name] ??= {
      iso: f.iso ? { [f.iso]: 1 } : {},
      prefix: f.prefix ? { [f.prefix]: 1 } : {},
      text_en: f.en,
      text_ru: f.ru,
      any: { activation: 1 },
    };
  }
  return out;
}

/** guest/products/{country}/{operator}: `{ "telegram": { Category: "activation", Qty, Price } }`. */
export async function products(c: GuestCall, country: string, operator: string): Promise<Answer> {
  const asked = countriesAsked(country);
  if (asked !== null && !asked.length) return refuse(E.BAD_COUNTRY);
  if (!operatorOk(operator)) return refuse(E.BAD_OPERATOR);
  const named = await productNamer(c.ctx);
  const here = (await guestOffers(c)).filter((o) => asked === null || asked.includes(o.country));
  const out: Record<string, unknown> = {};
  for (const [product, group] of [...grouped(here, (o) => named(o.service))].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const { count, price } = summary(group);
    out[product] = { Category: 'activation', Qty: count, Price: dollars(price) };
  }
  return out;
}

/**
 * guest/prices?country&product: `{ "russia": { "telegram": { "any": { cost, count } } } }`, one or
 * both narrowed by the query. No `rate`: we publish no delivery rate per product here.
 */
export async function prices(c: GuestCall, q: Record<string, string | undefined>): Promise<Answer> {
  const asked = q.country ? countriesAsked(q.country) : null;
  if (asked !== null && !asked.length) return refuse(E.BAD_COUNTRY);
  let offers: Offer[];
  if (q.product) {
    const found = await offersOf({ ctx: c.ctx, userId: GUEST, pricing: c.pricing }, q.product, asked);
    if (found === null) return refuse(E.NO_PRODUCT);
    offers = found;
  } else {
    offers = (await guestOffers(c)).filter((o) => asked === null || asked.includes(o.country));
  }
  const named = await productNamer(c.ctx);
  const out: Record<string, Record<string, unknown>> = {};
  const byCountry = [...grouped(offers, (o) => countryName(o.country))];
  for (const [country, group] of byCountry) {
    const products = [...grouped(group, (o) => named(o.service))].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const [product, own] of products) {
      const { count, price } = summary(own.sort((a, b) => a.price - b.price));
      (out[country] ??= {})[product] = { any: { cost: dollars(price), count } };
    }
  }
  return out;
}
