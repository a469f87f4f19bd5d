import { sql } from 'kysely';
import { Json, W, type Answer } from './answers.js';
import { countryNames, serviceNames, type Lang } from './names.js';
import { mayHaveNumbers, offersFor, type Offer } from './offers.js';
import { countryParam, type Call } from './params.js';
import { rentOffers } from './rent-offers.js';

/** The delivery data a success rate is computed over. */
const RATE_WINDOW_MS = 30 * 86_400_000;

function byCountry(offers: Offer[]): Map<number, Offer[]> {
  const out = new Map<number, Offer[]>();
  for (const o of offers) out.set(o.country, [...(out.get(o.country) ?? []), o]);
  return new Map([...out].sort(([a], [b]) => a - b));
}

/**
 * getCountries: the countries we sell SMS numbers in, keyed by country number, each
 * `{"id","rus","eng","chn","visible","retry","rent","multiService"}` with 0/1 integers: `retry` when
 * a product there allows another code on the same number, `rent` when a product there is on sale for
 * rent (getRentNumber); multi-service numbers are not sold.
 */
export async function getCountries({ ctx, userId }: Call): Promise<Answer> {
  const [offers, rentable] = await Promise.all([offersFor(ctx, userId), rentOffers(ctx)]);
  const rentCountries = new Set(rentable.map((o) => o.country));
  const out: Record<string, unknown> = {};
  for (const [country, here] of byCountry(offers)) {
    out[country] = {
      id: country,
      ...countryNames(country),
      visible: 1,
      retry: here.some((o) => o.resetLimit > 0) ? 1 : 0,
      rent: rentCountries.has(country) ? 1 : 0,
      multiService: 0,
    };
  }
  return new Json(JSON.stringify(out));
}

/**
 * getServicesList&country&lang: `{"status":"success","services":[{"code","name"}]}`, the services on
 * sale (in that country when given), by code; names in Chinese for `lang=cn`, else in English.
 */
export async function getServicesList({ ctx, userId, p }: Call): Promise<Answer> {
  // Absent: every country; malformed: none (it names nothing we sell).
  const country = countryParam(p.country, undefined);
  const offers = country === null ? [] : await offersFor(ctx, userId, { country });
  const codes = [...new Set(offers.map((o) => o.service))].sort();
  const lang: Lang = (p.lang ?? '').trim().toLowerCase() === 'cn' ? 'cn' : 'en';
  const names = await serviceNames(ctx, codes, lang);
  return new Json(JSON.stringify({ status: 'success', services: codes.map((code) => ({ code, name: names.get(code) })) }));
}

/**
 * getOperators&country: `{"status":"success","countryOperators":{"<country>":["any"]}}` for the
 * countries we sell in (that one when given): our stock carries no operator, so every number is
 * `any`. None: OPERATORS_NOT_FOUND.
 */
export async function getOperators({ ctx, userId, p }: Call): Promise<Answer> {
  // Absent: every country; malformed: none (it names nothing we sell).
  const country = countryParam(p.country, undefined);
  const offers = country === null ? [] : await offersFor(ctx, userId, { country });
  if (!offers.length) return W.OPERATORS_NOT_FOUND;
  const out: Record<string, string[]> = {};
  for (const c of byCountry(offers).keys()) out[c] = ['any'];
  return new Json(JSON.stringify({ status: 'success', countryOperators: out }));
}

/**
 * getTopCountriesByService&service: the countries a service is sold in, keyed by rank from "0":
 * `{"country","count","price","retail_price","rate"}`. `count` numbers in stock, `price` this
 * customer's price of the cheapest product with numbers, `retail_price` that product's list price,
 * `rate` the percentage of its activations of the last 30 days that got a code (null before any
 * ended). Ranked: countries with numbers first, then by rate, count, price. `freePrice` is accepted
 * and ignored (prices are fixed).
 */
export async function getTopCountriesByService({ ctx, userId, p }: Call): Promise<Answer> {
  const service = (p.service ?? '').trim();
  if (!service) return W.BAD_SERVICE;
  const offers = await offersFor(ctx, userId, { service });
  if (!offers.length) return W.BAD_SERVICE;
  const rates = await successRates(ctx, service);
  const rows = [...byCountry(offers)].map(([country, group]) => {
    const cheapest = group.find(mayHaveNumbers) ?? group[0];
    return {
      country,
      count: group.reduce((n, o) => n + (o.available ?? 0), 0),
      price: cheapest.price / 100,
      retail_price: cheapest.listPrice / 100,
      rate: rates.get(country) ?? null,
      open: group.some(mayHaveNumbers),
    };
  });
  rows.sort(
    (a, b) =>
      Number(b.open) - Number(a.open) || (b.rate ?? -1) - (a.rate ?? -1) || b.count - a.count || a.price - b.price || a.country - b.country,
  );
  const out: Record<string, unknown> = {};
  rows.forEach(({ open: _open, ...row }, rank) => {
    out[rank] = row;
  });
  return new Json(JSON.stringify(out));
}

/**
 * Per country, the share (whole percent) of this service's SMS activations of the last 30 days that
 * received a code, among those decided: a code came, or the activation ended without one. One still
 * waiting counts neither way.
 */
async function successRates(ctx: Call['ctx'], service: string): Promise<Map<number, number>> {
  const rows = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .select((eb) => [
      'g.country',
      eb.fn.countAll<number>().as('decided'),
      eb.fn.sum<number>(sql`case when t.code_count > 0 then 1 else 0 end`).as('ok'),
    ])
    .where('g.service', '=', service)
    .where('g.channel', '=', 'sms')
    .where('t.kind', '=', 'code')
    .where('t.create_at', '>=', ctx.now() - RATE_WINDOW_MS)
    .where((eb) => eb.or([eb('t.code_count', '>', 0), eb('t.state', '!=', 'active')]))
    .groupBy('g.country')
    .execute();
  return new Map(
    rows.filter((r) => Number(r.decided) > 0).map((r) => [Number(r.country), Math.round((100 * Number(r.ok)) / Number(r.decided))]),
  );
}
