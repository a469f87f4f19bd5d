import { formatTime } from '../platform/lib/time.js';
import { LIVE } from '../links/index.js';
import { accessBalance, dollars, Json, W, type Answer } from './answers.js';
import { mayHaveNumbers, offersFor, type Offer } from './offers.js';
import { countryParam, type Call } from './params.js';
import { safeCode } from './status.js';

/** getActiveActivations lists at most this many links, newest first. */
const ACTIVE_MAX = 1000;

export async function getBalance({ ctx, userId }: Call): Promise<string> {
  const user = await ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return accessBalance(Number(user.balance));
}

/**
 * getPrices: `{"<country>":{"<service>":{"cost":1.5,"count":12,"physicalCount":12}}}` at this
 * customer's prices; several products of one service and country show the cheapest that has
 * numbers and their stock together. An upstream product counts no stock of ours.
 */
export async function getPrices({ ctx, userId, p }: Call): Promise<Answer> {
  const country = countryParam(p.country, undefined);
  const service = p.service?.trim() || undefined;
  const offers = country === null ? [] : await offersFor(ctx, userId, { service, country });
  const out: Record<string, Record<string, { cost: number; count: number; physicalCount: number }>> = {};
  for (const [key, group] of groups(offers, (o) => `${o.country}\u0000${o.service}`)) {
    const [c, s] = key.split('\u0000');
    const count = stockOf(group);
    const cheapest = group.find(mayHaveNumbers) ?? group[0];
    (out[c] ??= {})[s] = { cost: cheapest.price / 100, count, physicalCount: count };
  }
  return new Json(JSON.stringify(out));
}

/** getNumbersStatus: numbers in stock per service in one country (default 0), `{"tg_0":"12"}` as the official clients read it. */
export async function getNumbersStatus({ ctx, userId, p }: Call): Promise<Answer> {
  const country = countryParam(p.country, 0);
  const offers = country === null ? [] : await offersFor(ctx, userId, { country });
  const out: Record<string, string> = {};
  for (const [service, group] of groups(offers, (o) => o.service)) out[`${service}_0`] = String(stockOf(group));
  return new Json(JSON.stringify(out));
}

/** Offers grouped by key (each group cheapest first), the groups in key order: answers keep a stable order. */
function groups(offers: Offer[], keyOf: (o: Offer) => string): [string, Offer[]][] {
  const out = new Map<string, Offer[]>();
  for (const o of offers) {
    const key = keyOf(o);
    out.set(key, [...(out.get(key) ?? []), o]);
  }
  return [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const stockOf = (offers: Offer[]) => offers.reduce((n, o) => n + (o.available ?? 0), 0);

/**
 * getActiveActivations: this customer's SMS links that can still receive a code, newest first, in
 * the shape of the official service (ids, costs and flags as strings; the codes as an array).
 */
export async function getActiveActivations({ ctx, userId }: Call): Promise<Answer> {
  const now = ctx.now();
  const links = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select([
      't.id',
      't.identifier',
      't.last_code',
      't.last_text',
      't.create_at',
      't.resets',
      't.reset_limit',
      't.code_count',
      'g.service',
      'g.country',
      'o.unit_price',
    ])
    .where('t.user_id', '=', userId)
    .where('t.kind', '=', 'code')
    .where('t.state', 'in', LIVE)
    .where('t.expires_at', '>', now)
    .where('g.channel', '=', 'sms')
    .orderBy('t.id', 'desc')
    .limit(ACTIVE_MAX)
    .execute();
  if (!links.length) return W.NO_ACTIVATIONS;
  const records = await ctx.db
    .selectFrom('code_records')
    .select(['token_id', 'code'])
    .where(
      'token_id',
      'in',
      links.map((l) => Number(l.id)),
    )
    .orderBy('id')
    .execute();
  const codes = new Map<number, string[]>();
  for (const r of records) codes.set(Number(r.token_id), [...(codes.get(Number(r.token_id)) ?? []), safeCode(r.code)]);
  const tz = ctx.settings.timeZone;
  return new Json(
    JSON.stringify({
      status: 'success',
      activeActivations: links.map((l) => ({
        activationId: String(l.id),
        serviceCode: l.service,
        phoneNumber: l.identifier.replace(/\D/g, ''),
        activationCost: dollars(Number(l.unit_price)),
        activationStatus: statusNumber(l),
        smsCode: codes.get(Number(l.id)) ?? null,
        smsText: l.last_text,
        activationTime: formatTime(Number(l.create_at), tz),
        countryCode: String(l.country),
        canGetAnotherSms: Number(l.resets) < Number(l.reset_limit) ? '1' : '0',
      })),
    }),
  );
}

/** 4 waiting for a code, 3 waiting for another one (after setStatus 3), 2 a code is there. */
function statusNumber(l: { last_code: string | null; resets: number; code_count: number }): string {
  if (l.last_code) return '2';
  return Number(l.resets) > 0 && Number(l.code_count) > 0 ? '3' : '4';
}
