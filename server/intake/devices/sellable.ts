import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Ctx } from '../../platform/context.js';
import { identKey } from '../../catalog/index.js';
import { isSilent } from './devices.js';
import { deviceSeen } from './seen.js';

/** Devices whose numbers cannot be handed out now, and the numbers typed into their slots (and into no working device's). */
async function downDevices(ctx: Ctx, now: number): Promise<{ ids: number[]; slotKeys: string[] }> {
  const seen = deviceSeen(ctx.database);
  const rows = await ctx.db.selectFrom('devices').select(['id', 'enabled', 'last_seen_at', 'create_at', 'sim1', 'sim2']).execute();
  const ids: number[] = [];
  const down = new Set<string>();
  const up = new Set<string>();
  for (const d of rows) {
    // What this process heard and has not written yet (server/intake/devices/seen.ts).
    const last = Math.max(Number(d.last_seen_at ?? 0), seen.pendingFor(Number(d.id))?.seenAt ?? 0) || null;
    const out =
      !Number(d.enabled) ||
      isSilent({ enabled: d.enabled, last_seen_at: last, create_at: Number(d.create_at) }, now, ctx.settings.deviceSilentMs);
    if (out) ids.push(Number(d.id));
    for (const sim of [d.sim1, d.sim2]) {
      const key = sim ? identKey(sim) : '';
      if (key) (out ? down : up).add(key);
    }
  }
  return { ids, slotKeys: [...down].filter((k) => !up.has(k)) };
}

/**
 * Whether a stock number can be handed out now (to an aggregator, whose counts must be the truth),
 * as one SQL condition on a query over `stock_items` (under `alias`):
 * - bound to a device (its stock item's `device_id`): that device exists, is enabled and is not
 *   silent (heard within DEVICE_SILENT_MINUTES, or made that recently: the rule of 失联 in 设备管理;
 *   what this process heard and has not written yet counts);
 * - bound to none: not typed into the SIM slot of a disabled or silent device (and of no working one);
 * - its SIM has not lapsed (its record's `expire_at`, when set, is still ahead).
 * The devices are read once (a few rows); the condition itself is uncorrelated, cheap over 20,000 rows.
 */
export async function sellableCondition(ctx: Ctx, alias = 'stock_items', now = ctx.now()): Promise<RawBuilder<SqlBool>> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const { ids, slotKeys } = await downDevices(ctx, now);
  const notInSlots = slotKeys.length ? sql`and ${col('ident_key')} not in (${sql.join(slotKeys)})` : sql``;
  const notDown = ids.length ? sql`and ${col('device_id')} not in (${sql.join(ids)})` : sql``;
  return sql<SqlBool>`((${col('device_id')} is null ${notInSlots})
    or (${col('device_id')} in (select id from devices) ${notDown}))
    and ${col('ident_key')} not in (select ident_key from device_numbers where expire_at is not null and expire_at <= ${now})`;
}

/** Of these numbers (any spelling), the digits of those with a stock item that can be handed out now. */
export async function sellableNow(ctx: Ctx, numbers: string[]): Promise<Set<string>> {
  const keys = [...new Set(numbers.map(identKey))].filter((k) => k && !k.includes('@'));
  if (!keys.length) return new Set();
  const rows = await ctx.db
    .selectFrom('stock_items')
    .select('ident_key')
    .distinct()
    .where('ident_key', 'in', keys)
    .where(await sellableCondition(ctx))
    .execute();
  return new Set(rows.map((r) => r.ident_key));
}

/** Whether this stock number can be handed out now: its device enabled and not silent, its SIM not lapsed. */
export async function isSellableNow(ctx: Ctx, number: string): Promise<boolean> {
  return (await sellableNow(ctx, [number])).size > 0;
}
