import { formatTime } from '../platform/lib/time.js';
import { effectiveState } from '../links/index.js';
import { Json, USD, W, type Answer } from './answers.js';
import type { Call } from './params.js';

/** The protocol's limits: a window of at most 30 days, at most 100 activations a page. */
const MAX_DAYS = 30;
const MAX_LIMIT = 100;
const DAY_S = 86_400;

/** A non-negative whole number of seconds (or any count), null when absent; NaN when malformed. */
function whole(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  return /^\d{1,12}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
}

/**
 * getHistory&start&end&offset&limit: this customer's activations bought in [start, end] (Unix
 * seconds; end defaults to now, start to 30 days before end), newest first, `offset` skipped and at
 * most `limit` (default and most: 100). A window that is malformed, reversed or longer than 30 days
 * answers WRONG_DATE.
 */
export async function getHistory({ ctx, userId, p }: Call): Promise<Answer> {
  const nowS = Math.floor(ctx.now() / 1000);
  const endArg = whole(p.end);
  const startArg = whole(p.start);
  const end = endArg ?? nowS;
  const start = startArg ?? end - MAX_DAYS * DAY_S;
  if (Number.isNaN(end) || Number.isNaN(start) || start > end || end - start > MAX_DAYS * DAY_S) return W.WRONG_DATE;
  const limitArg = whole(p.limit);
  const limit = limitArg === null || Number.isNaN(limitArg) || limitArg < 1 ? MAX_LIMIT : Math.min(limitArg, MAX_LIMIT);
  const offsetArg = whole(p.offset);
  const offset = offsetArg === null || Number.isNaN(offsetArg) ? 0 : offsetArg;

  const links = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select(['t.id', 't.identifier', 't.state', 't.expires_at', 't.last_code', 't.resets', 't.code_count', 't.create_at', 'o.unit_price'])
    .where('t.user_id', '=', userId)
    .where('t.kind', '=', 'code')
    .where('g.channel', '=', 'sms')
    .where('t.create_at', '>=', start * 1000)
    .where('t.create_at', '<', (end + 1) * 1000)
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const texts = new Map<number, string[]>();
  if (links.length) {
    const records = await ctx.db
      .selectFrom('code_records')
      .select(['token_id', 'text'])
      .where(
        'token_id',
        'in',
        links.map((l) => Number(l.id)),
      )
      .orderBy('id')
      .execute();
    for (const r of records) texts.set(Number(r.token_id), [...(texts.get(Number(r.token_id)) ?? []), r.text]);
  }
  const tz = ctx.settings.timeZone;
  const now = ctx.now();
  return new Json(
    JSON.stringify(
      links.map((l) => ({
        id: Number(l.id),
        date: formatTime(Number(l.create_at), tz),
        phone: l.identifier.replace(/\D/g, ''),
        // A JSON array in a string, as the official service sends it.
        sms: JSON.stringify(texts.get(Number(l.id)) ?? []),
        cost: Number(l.unit_price) / 100,
        status: statusOf(l, now),
        currency: USD,
      })),
    ),
  );
}

/**
 * As getActiveActivations numbers a live activation ("2" a code is there, "3" waiting for another,
 * "4" waiting); one that is over is "6" when it had a code (completed), else "8" (cancelled).
 */
function statusOf(
  l: { state: string; expires_at: number; last_code: string | null; resets: number; code_count: number },
  now: number,
): string {
  const state = effectiveState(l.state, Number(l.expires_at), now);
  const live = state === 'active' || state === 'code_received' || (state === 'used_up' && l.last_code);
  if (!live) return Number(l.code_count) > 0 ? '6' : '8';
  if (l.last_code) return '2';
  return Number(l.resets) > 0 && Number(l.code_count) > 0 ? '3' : '4';
}
