import type { Ctx } from '../../platform/context.js';
import { fail } from '../../platform/http/envelope.js';
import { identKey, MAX_STOCK_LINES } from '../../catalog/index.js';
import { addMissingRecords, placeRecords } from '../numbers/records.js';

const CHUNK = 500;

export interface BindResult {
  changed: number;
  missing: number;
}

/**
 * Binds stock numbers (one per line, as stock is imported; anything after `----` is ignored) to a
 * device, or frees those bound to it (`unbind`). Numbers in several products are bound in each;
 * numbers not in stock are counted as missing. One transaction.
 */
export async function bindNumbers(ctx: Ctx, deviceId: number, text: string, unbind: boolean): Promise<BindResult> {
  const keys = [
    ...new Set(
      text
        .split(/\r\n|\r|\n/)
        .map((l) => identKey(l.split('----')[0]))
        .filter(Boolean),
    ),
  ];
  if (!keys.length) throw fail.badInput('请填写要绑定的号码', { text: '请填写要绑定的号码' });
  if (keys.length > MAX_STOCK_LINES)
    throw fail.badInput(`一次最多 ${MAX_STOCK_LINES} 个号码`, { text: `一次最多 ${MAX_STOCK_LINES} 个号码` });
  if (keys.some((k) => k.includes('@')))
    throw fail.badInput('只能绑定手机号码，邮箱不经设备收信', { text: '只能绑定手机号码，邮箱不经设备收信' });
  const device = await ctx.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst();
  if (!device) throw fail.notFound('设备不存在');

  return ctx.db.transaction().execute(async (trx) => {
    let changed = 0;
    let found = 0;
    for (let i = 0; i < keys.length; i += CHUNK) {
      const chunk = keys.slice(i, i + CHUNK);
      const held = await trx.selectFrom('stock_items').select('ident_key').distinct().where('ident_key', 'in', chunk).execute();
      found += held.length;
      // The numbers' records (server/intake/numbers) move with their stock: bound here, or freed from here.
      await addMissingRecords(trx, ctx.now(), chunk);
      const moving = unbind
        ? (
            await trx
              .selectFrom('stock_items')
              .select('ident_key')
              .distinct()
              .where('ident_key', 'in', chunk)
              .where('device_id', '=', deviceId)
              .execute()
          ).map((r) => r.ident_key)
        : held.map((r) => r.ident_key);
      const update = trx
        .updateTable('stock_items')
        .set({ device_id: unbind ? null : deviceId, update_at: ctx.now() })
        .where('ident_key', 'in', chunk);
      const result = await (unbind ? update.where('device_id', '=', deviceId) : update).executeTakeFirst();
      changed += Number(result.numUpdatedRows);
      await placeRecords(trx, moving, unbind ? null : deviceId, ctx.now());
    }
    return { changed, missing: keys.length - found };
  });
}
