import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../platform/context.js';
import { formatTime, startOfDay } from '../../platform/lib/time.js';
import type { ResourceHooks } from '../../platform/crud/hooks.js';
import { publicBase } from '../../platform/http/public-url.js';
import { secretBox } from '../../platform/lib/secret-box.js';
import { deviceSeen } from './seen.js';
import { skewText, zoneText } from './clock-text.js';
import { numbersByDevice, summaryText } from '../numbers/summary.js';
import { adoptSlotNumbers } from '../numbers/records.js';

/** The public part of a device's webhook URL: 128 random bits. */
export function newDeviceKey(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** The signing secret SmsForwarder is given: 192 random bits, letters and digits only (easy to type on a phone). */
export function newDeviceSecret(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.randomBytes(32);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

export function webhookUrl(ctx: Ctx, request: FastifyRequest, key: string): string {
  return `${publicBase(ctx, request)}/api/ingest/sms/${key}`;
}

export function sealSecret(ctx: Ctx, secret: string): string {
  return secretBox(ctx.settings).seal(secret);
}

export function openSecret(ctx: Ctx, sealed: string): string {
  return secretBox(ctx.settings).open(sealed);
}

/** An enabled device that has sent nothing (since it was made) for the configured time. */
export function isSilent(
  row: { enabled: number | boolean; last_seen_at: number | null; create_at: number },
  now: number,
  silentMs: number,
): boolean {
  return Boolean(Number(row.enabled)) && now - Number(row.last_seen_at ?? row.create_at) > silentMs;
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The devices' computed fields: webhook URL, silence, today's messages, bound numbers, its numbers'
 * summary, the phone's clock. A number typed into a slot becomes the device's (server/intake/numbers).
 */
export const deviceHooks: ResourceHooks = {
  async afterEdit(id, values, _existing, { ctx, trx }) {
    if ('sim1' in values || 'sim2' in values) await adoptSlotNumbers(trx, ctx.now(), [id]);
  },
  async present(rows, raw, { ctx, request }) {
    const now = ctx.now();
    const ids = raw.map((r) => Number(r.id));
    const numbers = await numbersByDevice(ctx, ids);
    const today = new Map<number, number>();
    const bound = new Map<number, number>();
    if (ids.length) {
      const counts = await ctx.db
        .selectFrom('stock_items')
        .select((eb) => ['device_id', eb.fn.countAll<number>().as('n')])
        .where('device_id', 'in', ids)
        .groupBy('device_id')
        .execute();
      for (const c of counts) bound.set(Number(c.device_id), Number(c.n));
    }
    if (ids.length) {
      const counts = await ctx.db
        .selectFrom('messages')
        .select((eb) => ['device_id', eb.fn.countAll<number>().as('n')])
        .where('device_id', 'in', ids)
        .where('create_at', '>=', startOfDay(now, ctx.settings.timeZone))
        .groupBy('device_id')
        .execute();
      for (const c of counts) today.set(Number(c.device_id), Number(c.n));
    }
    const seen = deviceSeen(ctx.database);
    rows.forEach((row, i) => {
      let r = raw[i];
      // Counted by this process and not yet written (server/intake/devices/seen.ts).
      const pending = seen.pendingFor(Number(r.id));
      if (pending) {
        r = { ...r, last_seen_at: Math.max(Number(r.last_seen_at ?? 0), pending.seenAt) };
        row.last_seen_at = formatTime(r.last_seen_at, ctx.settings.timeZone);
        row.message_count = Number(r.message_count ?? row.message_count ?? 0) + pending.stored;
      }
      row.webhook_url = webhookUrl(ctx, request, String(r.key));
      row.silent = isSilent(r as never, now, ctx.settings.deviceSilentMs);
      row.messages_today = today.get(Number(r.id)) ?? 0;
      row.bound_count = bound.get(Number(r.id)) ?? 0;
      row.numbers = summaryText(numbers.get(Number(r.id)));
      row.number_total = numbers.get(Number(r.id))?.total ?? 0;
      row.number_unconfirmed = numbers.get(Number(r.id))?.unconfirmed ?? 0;
      row.clock_offset = zoneText(pending?.offsetMs ?? numberOrNull(r.clock_offset_ms));
      row.clock_skew = skewText(pending?.skewMs ?? numberOrNull(r.clock_skew_ms));
    });
  },
};
