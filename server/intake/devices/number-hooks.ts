import type { ResourceHooks } from '../../platform/crud/hooks.js';
import { fail } from '../../platform/http/envelope.js';
import { formatTime } from '../../platform/lib/time.js';
import { CHECK_VALID_MS } from '../numbers/check-codes.js';
import { daysLeftText } from '../numbers/expiry.js';
import { numberHeard } from '../numbers/heard.js';
import { holdersOf } from '../numbers/holders.js';
import { placeNumbers, slotText } from '../numbers/records.js';
import { sellableNow } from './sellable.js';

const DAY_MS = 86_400_000;

/**
 * 设备号码: who holds each number, days left before its SIM lapses, whether it can be handed out now;
 * a check code past its time reads as none. An edit that moves a number to another device moves its
 * stock with it (its slot is then unknown until a check SMS proves it); a 保号天数 given to a number
 * with no expiry sets one from its last SMS (or now).
 */
export const deviceNumberHooks: ResourceHooks = {
  async present(rows, raw, { ctx }) {
    const now = ctx.now();
    const tz = ctx.settings.timeZone;
    const keys = raw.map((r) => String(r.ident_key));
    const [holders, sellable] = await Promise.all([holdersOf(ctx, keys), sellableNow(ctx, keys)]);
    const heard = numberHeard(ctx.database, ctx.now);
    rows.forEach((row, i) => {
      const r = raw[i];
      const key = String(r.ident_key);
      const pending = heard.pendingFor(key);
      if (pending !== undefined && pending > Number(r.last_sms_at ?? 0)) row.last_sms_at = formatTime(pending, tz);
      const stale = r.check_code !== null && Number(r.check_at) <= now - CHECK_VALID_MS;
      if (stale) {
        row.check_code = null;
        if (r.state === 'checking') row.state = r.confirmed_at === null ? 'unconfirmed' : 'confirmed';
      }
      row.slot = slotText(r.slot as string | null);
      row.holder = holders.get(key) ?? '';
      row.days_left = daysLeftText(r.expire_at === null ? null : Number(r.expire_at), now, tz);
      row.sellable = sellable.has(key);
    });
  },

  async beforeEdit(_id, values, existing, { ctx, trx }) {
    const out = { ...values };
    if ('device_id' in values) {
      const deviceId = values.device_id === null || values.device_id === undefined ? null : Number(values.device_id);
      if (deviceId !== null) {
        const device = await trx.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst();
        if (!device) throw fail.badInput('设备不存在', { device_id: '设备不存在' });
      }
      const current = existing.device_id === null ? null : Number(existing.device_id);
      if (deviceId !== current) await placeNumbers(trx, [String(existing.ident_key)], deviceId, ctx.now());
      delete out.device_id;
    }
    const keepDays = 'keep_days' in values ? values.keep_days : existing.keep_days;
    const expireAt = 'expire_at' in values ? values.expire_at : existing.expire_at;
    if (keepDays !== null && keepDays !== undefined && (expireAt === null || expireAt === undefined)) {
      // Its last SMS, as written or as this process heard it and has not written yet.
      const heard = Math.max(
        Number(existing.last_sms_at ?? 0),
        numberHeard(ctx.database, ctx.now).pendingFor(String(existing.ident_key)) ?? 0,
      );
      out.expire_at = (heard || ctx.now()) + Number(keepDays) * DAY_MS;
    }
    out.update_at = ctx.now();
    return out;
  },
};
