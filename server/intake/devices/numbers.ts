import type { Ctx } from '../../platform/context.js';
import { identKey } from '../../catalog/stock-lines.js';

/**
 * Whether a device may deliver to a number: a number bound to devices (a stock item's device, a
 * device's SIM slot) is theirs alone; a number bound to none is open to every device. Null when it
 * may; else why not, for the inbox.
 */
export async function numberRefusal(ctx: Ctx, deviceId: number, recipient: string): Promise<string | null> {
  const key = identKey(recipient);
  if (!key || key.includes('@')) return null;
  const owners = new Set<number>();
  const bound = await ctx.db.selectFrom('stock_items').select('device_id')
    .where('ident_key', '=', key).where('device_id', 'is not', null).execute();
  for (const b of bound) owners.add(Number(b.device_id));
  for (const d of await slotHolders(ctx)) if (d.keys.includes(key)) owners.add(d.id);
  if (!owners.size || owners.has(deviceId)) return null;
  return '号码已绑定到其他设备：本设备不能为它收码';
}

/** Every device's slot numbers as keys: a few rows, read per message (the table is small). */
async function slotHolders(ctx: Ctx): Promise<{ id: number; keys: string[] }[]> {
  const rows = await ctx.db.selectFrom('devices').select(['id', 'sim1', 'sim2'])
    .where((eb) => eb.or([eb('sim1', 'is not', null), eb('sim2', 'is not', null)])).execute();
  return rows.map((r) => ({ id: Number(r.id), keys: [r.sim1, r.sim2].filter((s): s is string => Boolean(s)).map(identKey) }));
}
