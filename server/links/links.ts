import crypto from 'node:crypto';
import type { Ctx } from '../platform/context.js';
import type { ResourceHooks } from '../platform/crud/hooks.js';
import { publicBase } from '../platform/http/public-url.js';
import { numbersTakenBack, renewable } from './renewal.js';
import { LIVE } from './states.js';
import { cancelOpensAt } from './cancel-window.js';
import { formatTime } from '../platform/lib/time.js';
import { SERVICE_NAMES } from '../../names/service-names.js';
import { countryZh } from '../../names/country-names.js';
import { supServiceNames, type SupServiceName } from '../store/index.js';

/** 192 random bits, URL-safe: the link is the only key to its codes. */
export function newLinkToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export function linksOf(base: string, token: string) {
  return { url: `${base}/c/${token}`, api_url: `${base}/api/code/${token}` };
}

/** What a link shows of itself at a moment: an unswept link past its expiry is expired already. */
export function effectiveState(state: string, expiresAt: number, now: number): string {
  return (LIVE as readonly string[]).includes(state) && expiresAt <= now ? 'expired' : state;
}

export function receivesLeft(receiveLimit: number, received: number): number | null {
  return receiveLimit > 0 ? Math.max(0, receiveLimit - received) : null;
}

type Terms = { renewPrice: number; reuseMinutes: number; country: number; service: string };

/** The renewal price, re-use window, country and service of each product on a page of links (one query). */
async function goodsTerms(ctx: Ctx, goodsIds: number[]): Promise<Map<number, Terms>> {
  const ids = [...new Set(goodsIds.filter((n) => Number.isFinite(n) && n > 0))];
  if (!ids.length) return new Map();
  const found = await ctx.db
    .selectFrom('goods')
    .select(['id', 'renew_price', 'reuse_minutes', 'on_sale', 'country', 'service'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    found.map((g) => [
      Number(g.id),
      {
        renewPrice: Number(g.renew_price),
        reuseMinutes: Number(g.on_sale) ? Number(g.reuse_minutes) : 0,
        country: Number(g.country),
        service: String(g.service ?? ''),
      },
    ]),
  );
}

/**
 * Whether 再次使用此号码 is offered: the link had a code, no longer waits for one, and its last code is
 * within the product's window (the purchase checks the number and its phone again).
 */
function reusable(state: string, r: Record<string, unknown>, minutes: number, now: number): boolean {
  return (
    ['used_up', 'finished', 'expired'].includes(state) &&
    r.stock_item_id !== null &&
    Number(r.code_count) > 0 &&
    r.last_code_at !== null &&
    now < Number(r.last_code_at) + minutes * 60_000
  );
}

/**
 * What a number is for, as a customer tells two numbers apart in a list: the app and the country
 * (`WhatsApp · 印度尼西亚`), the app named as the store names it (the sup's name first).
 */
function appOf(service: string, country: number, supNames: Map<string, SupServiceName>): string {
  const name = supNames.get(service)?.name || SERVICE_NAMES[service.toLowerCase()]?.[0] || service;
  return `${name} · ${countryZh(country)}`;
}

const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

/** The links' computed fields in every list and detail answer. */
export const linkHooks: ResourceHooks = {
  async present(rows, raw, { ctx, request }) {
    const base = publicBase(ctx, request);
    const now = ctx.now();
    const terms = await goodsTerms(
      ctx,
      raw.map((r) => Number(r.goods_id)),
    );
    // Nor is it offered once the link's number was taken back: renewing would be refused (409).
    const supNames = await supServiceNames(ctx);
    const takenBack = await numbersTakenBack(
      ctx.db,
      raw.map((r) => ({ id: Number(r.id), stock_item_id: r.stock_item_id ?? null })),
    );
    rows.forEach((row, i) => {
      const r = raw[i];
      Object.assign(row, linksOf(base, String(r.token)));
      row.state = effectiveState(String(r.state), Number(r.expires_at), now);
      row.receives_left = receivesLeft(Number(r.receive_limit), Number(r.received));
      // 取消 is offered while no code has come; the console counts down to the time it opens.
      // A rental is cancelled (or extended) by its own rules (server/rentals/rent.ts), not as a link.
      const rental = r.kind === 'rent';
      const waiting = !rental && row.state === 'active' && Number(r.code_count) === 0;
      const cancelAt = waiting ? cancelOpensAt(ctx, Number(r.create_at)) : null;
      row.cancel_at = formatTime(cancelAt, ctx.settings.timeZone);
      // Seconds from now, by the server's clock: the console counts them down whatever its own clock says.
      row.time_left = (LIVE as readonly string[]).includes(String(row.state)) ? secondsUntil(Number(r.expires_at), now) : null;
      row.timers = {
        expires_in: secondsUntil(Number(r.expires_at), now),
        refund_in: waiting && r.refund_at !== null ? secondsUntil(Number(r.refund_at), now) : null,
        cancel_in: cancelAt === null ? null : secondsUntil(cancelAt, now),
      };
      const term = terms.get(Number(r.goods_id));
      row.renewable =
        renewable(String(r.state), Number(r.expires_at), term?.renewPrice ?? 0, now) && !takenBack.has(Number(r.id)) && !rental;
      row.reusable = !rental && reusable(String(row.state), r, term?.reuseMinutes ?? 0, now);
      // The product's country and service code: the console shows the number's dialling prefix apart, and the app.
      row.country = term?.country ?? null;
      row.service = term?.service ?? null;
      row.app = term ? appOf(term.service, term.country, supNames) : null;
    });
  },
};
