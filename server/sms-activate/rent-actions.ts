import { AppError, Code } from '../platform/http/envelope.js';
import { formatTime } from '../platform/lib/time.js';
import { LIVE } from '../links/index.js';
import {
  rentalOf,
  rentalSms,
  checkedRentUrl,
  DEFAULT_RENT_HOURS,
  cancelRental,
  extendRental,
  finishRental,
  rentExtensionQuote,
  rentNumber,
  rentRefusalOf,
  type RentRefusal,
} from '../rentals/index.js';
import { resellerOf, resoldFlat } from '../pricing/index.js';
import { Json, USD, type Answer } from './answers.js';
import { activationId, countryParam, wholeParam, type Call } from './params.js';
import { dollarsNumber, rentError, rentPhone, rentSuccess, RW } from './rent-answers.js';
import { forHours, rentOffers } from './rent-offers.js';

/** Rentable products tried, cheapest first, when the cheaper ones turn out sold out meanwhile. */
const MAX_TRIES = 5;
/** getRentStatus's page size when the client names none, and the largest it may name. */
const PAGE_SIZE = 100;

/** getRentServicesAndCountries: the countries with rentable numbers, and per service the price for `rent_time` hours and the numbers on hand. */
async function getRentServicesAndCountries({ ctx, userId, p }: Call): Promise<Answer> {
  const hours = wholeParam(p.rent_time, DEFAULT_RENT_HOURS);
  if (hours === null) return rentError(RW.INVALID_TIME);
  // A reseller's customer is told the hour's price resold, as it will pay it.
  const [all, reseller] = await Promise.all([rentOffers(ctx), resellerOf(ctx.db, userId)]);
  const countries = [...new Set(all.map((o) => o.country))].sort((a, b) => a - b);
  const country = countryParam(p.country, 0);
  const services: Record<string, { cost: number; quant: number }> = {};
  for (const o of forHours(
    all.filter((x) => x.country === country),
    hours,
  )) {
    // Cheapest first: the first product of a service sets its cost; every one adds its numbers.
    const s = (services[o.service] ??= { cost: dollarsNumber(resoldFlat(reseller, o.terms.priceHour) * hours), quant: 0 });
    s.quant += o.stock;
  }
  return new Json(
    JSON.stringify({
      countries: Object.fromEntries(countries.map((c, i) => [String(i), c])),
      operators: { 0: 'any' },
      services,
      currency: USD,
    }),
  );
}

/** getRentNumber: rents one number of the cheapest rentable product of the service and country for `rent_time` hours. */
async function getRentNumber({ ctx, userId, p }: Call): Promise<Answer> {
  const service = (p.service ?? '').trim();
  if (!service) return rentError(RW.BAD_SERVICE);
  const hours = wholeParam(p.rent_time, DEFAULT_RENT_HOURS);
  if (hours === null) return rentError(RW.INVALID_TIME);
  let url: string | null;
  try {
    url = await checkedRentUrl(ctx, p.url);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return rentError(RW.BAD_URL);
  }
  const all = await rentOffers(ctx, { service });
  if (!all.length) return rentError(RW.BAD_SERVICE);
  const country = countryParam(p.country, 0);
  const here = all.filter((o) => o.country === country);
  if (!here.length) return rentError(RW.NO_NUMBERS);
  const fit = forHours(here, hours);
  if (!fit.length) return rentError(RW.INVALID_TIME);
  for (const offer of fit.filter((o) => o.stock > 0).slice(0, MAX_TRIES)) {
    try {
      const link = (await rentNumber(ctx, userId, offer.goodsId, hours, url)).tokens[0];
      return rentPhone(link.id, link.expiresAt, link.identifier, ctx.settings.timeZone);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === Code.balanceLow) return rentError(RW.NO_BALANCE);
    }
  }
  return rentError(RW.NO_NUMBERS);
}

/** The word an ended rental answers where it is read. */
function endedWord(state: string, expiresAt: number, now: number): string | null {
  if (state === 'refunded' || state === 'revoked') return RW.STATUS_CANCEL;
  if (state === 'finished' || !(LIVE as readonly string[]).includes(state) || expiresAt <= now) return RW.STATUS_FINISH;
  return null;
}

/** getRentStatus: every SMS of a running rental, newest first, a page at a time. */
async function getRentStatus({ ctx, userId, p }: Call): Promise<Answer> {
  const id = activationId(p.id);
  const rental = id === null ? undefined : await rentalOf(ctx, userId, id);
  if (!rental) return rentError(RW.NO_ID_RENT);
  const ended = endedWord(rental.state, rental.expires_at, ctx.now());
  if (ended) return rentError(ended);
  const page = wholeParam(p.page, 0) ?? 0;
  const size = Math.min(PAGE_SIZE, Math.max(1, wholeParam(p.size, PAGE_SIZE) ?? PAGE_SIZE));
  const { total, rows } = await rentalSms(ctx, rental.id, { offset: page * size, limit: size });
  if (!total) return rentError(RW.STATUS_WAIT_CODE);
  const tz = ctx.settings.timeZone;
  const values = Object.fromEntries(
    rows.map((r, i) => [
      String(i),
      {
        phoneFrom: r.sender ?? '',
        text: r.text,
        service: rental.service,
        date: formatTime(r.received_at, tz),
      },
    ]),
  );
  return rentSuccess({ quantity: String(total), values });
}

/** The protocol's word for a refused rental call. */
const REFUSAL_WORDS: Record<RentRefusal, string> = {
  finished: RW.ALREADY_FINISH,
  cancelled: RW.ALREADY_CANCEL,
  cant_cancel: RW.CANT_CANCEL,
  ended: RW.RENT_DIE,
  hours: RW.INVALID_TIME,
};

/** Runs a rental call, answering its refusals (and a short balance) with the protocol's words. */
async function answering(run: () => Promise<Answer>, words: Partial<Record<RentRefusal, string>> = {}): Promise<Answer> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === Code.balanceLow) return rentError(RW.NO_BALANCE);
    const reason = rentRefusalOf(error);
    if (reason) return rentError(words[reason] ?? REFUSAL_WORDS[reason]);
    if (error.code === Code.notFound) return rentError(RW.NO_ID_RENT);
    throw error;
  }
}

/** setRentStatus: 1 ends the rental, 2 cancels it with a refund (within 20 minutes, while no SMS came). */
async function setRentStatus({ ctx, userId, p }: Call): Promise<Answer> {
  const id = activationId(p.id);
  if (id === null || !(await rentalOf(ctx, userId, id))) return rentError(RW.NO_ID_RENT);
  const status = (p.status ?? '').trim();
  if (status === '1') return answering(async () => (await finishRental(ctx, userId, id), rentSuccess()));
  if (status === '2') return answering(async () => (await cancelRental(ctx, userId, id), rentSuccess()));
  return rentError(RW.INCORECT_STATUS);
}

/** getRentList: this customer's running rentals. */
async function getRentList({ ctx, userId }: Call): Promise<Answer> {
  const rows = await ctx.db
    .selectFrom('tokens')
    .select(['id', 'identifier'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'rent')
    .where('state', 'in', LIVE)
    .where('expires_at', '>', ctx.now())
    .orderBy('id')
    .execute();
  const values = Object.fromEntries(rows.map((r, i) => [String(i), { id: String(r.id), phone: r.identifier.replace(/\D/g, '') }]));
  return rentSuccess({ values });
}

/** continueRentNumber: `rent_time` more hours on a running rental, paid now. */
async function continueRentNumber({ ctx, userId, p }: Call): Promise<Answer> {
  const id = activationId(p.id);
  if (id === null || !(await rentalOf(ctx, userId, id))) return rentError(RW.NO_ID_RENT);
  const hours = wholeParam(p.rent_time, DEFAULT_RENT_HOURS);
  if (hours === null) return rentError(RW.INVALID_TIME);
  return answering(
    async () => {
      const r = await extendRental(ctx, userId, id, hours);
      return rentPhone(id, r.expiresAt, r.rental.identifier, ctx.settings.timeZone);
    },
    { finished: RW.RENT_DIE, cancelled: RW.RENT_DIE },
  );
}

/** continueRentInfo: what `hours` more would cost. */
async function continueRentInfo({ ctx, userId, p }: Call): Promise<Answer> {
  const id = activationId(p.id);
  if (id === null || !(await rentalOf(ctx, userId, id))) return rentError(RW.NO_ID_RENT);
  const hours = wholeParam(p.hours ?? p.rent_time, DEFAULT_RENT_HOURS);
  if (hours === null) return rentError(RW.INVALID_TIME);
  return answering(
    async () => {
      const q = await rentExtensionQuote(ctx, userId, id, hours);
      return rentSuccess({ price: dollarsNumber(q.amount), currency: USD, hours });
    },
    { finished: RW.RENT_DIE, cancelled: RW.RENT_DIE },
  );
}

/** The rent family, as the handler's action table takes it. */
export const rentActions: Record<string, (c: Call) => Promise<Answer>> = {
  getRentServicesAndCountries,
  getRentNumber,
  getRentStatus,
  setRentStatus,
  getRentList,
  continueRentNumber,
  continueRentInfo,
};
