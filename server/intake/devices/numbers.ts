import type { Ctx } from '../../platform/context.js';
import { prepared } from '../../platform/db/fast-query.js';
import { identKey } from '../../catalog/index.js';

/** Devices a stock number is bound to (every SMS reads it: built and compiled once). */
const boundTo = prepared((db) =>
  db.selectFrom('stock_items').select('device_id').where('ident_key', '=', '').where('device_id', 'is not', null),
);

/** Devices with a number in a SIM slot: a few rows (the table is small). */
const slotted = prepared((db) =>
  db
    .selectFrom('devices')
    .select(['id', 'sim1', 'sim2'])
    .where((eb) => eb.or([eb('sim1', 'is not', null), eb('sim2', 'is not', null)])),
);

/**
 * Whether a device may deliver to a number: a number bound to devices (a stock item's device, a
 * device's SIM slot) is theirs alone; a number bound to none is open to every device. Null when it
 * may; else why not, for the inbox.
 */
export async function numberRefusal(ctx: Ctx, deviceId: number, recipient: string): Promise<string | null> {
  const key = identKey(recipient);
  if (!key || key.includes('@')) return null;
  const owners = new Set<number>();
  for (const b of await boundTo(ctx.database, [key])) owners.add(Number(b.device_id));
  for (const d of await slotted(ctx.database, [])) {
    if ([d.sim1, d.sim2].some((n) => n && identKey(n) === key)) owners.add(Number(d.id));
  }
  if (!owners.size || owners.has(deviceId)) return null;
  return '号码已绑定到其他设备：本设备不能为它收码';
}
