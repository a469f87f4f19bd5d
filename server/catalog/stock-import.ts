import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { AppError, Code, fail } from '../platform/http/envelope.js';
import { MAX_LINES, parseStock, type LineError } from './stock-lines.js';
import { sharedNumbers, type SharedNumbers } from './shared.js';

const CHUNK = 500;
/** States an import may overwrite: items nobody holds. */
const UNSOLD = ['available', 'disabled'];

export interface ImportResult {
  added: number;
  updated: number;
  skipped: number;
  /** Numbers also live in another product where no match rule tells the two apart (shared.ts). */
  shared: SharedNumbers;
  /** The bad lines left out of an import that was told to skip them (none otherwise). */
  bad: LineError[];
}

export interface ImportOptions {
  /** A device that receives the numbers' SMS (they are bound to it). */
  deviceId?: number | null;
  /** Import the good lines and report the bad ones, instead of refusing the whole batch. */
  skipBad?: boolean;
  /** Runs last in the import's transaction (its audit row). */
  inside?: (trx: Kysely<DB>, result: { added: number; updated: number; skipped: number; bad: number }) => Promise<void>;
}

/**
 * Imports stock lines into a product in one transaction, after checking the whole batch: any bad
 * line refuses it all (400, every bad line's number, text and reason, nothing written), unless told to
 * skip bad lines: then the good ones are imported and the bad ones listed in the answer. A new identifier
 * is added as available; one already there and unsold gets the new extra; one sold (or expired,
 * or in after-sale) is left alone and counted as skipped. A device given binds the numbers to it. The
 * answer names the numbers also live in another product that no match rule tells apart.
 */
export async function importStock(
  ctx: Ctx,
  goodsId: number,
  text: string,
  { deviceId = null, skipBad = false, inside }: ImportOptions = {},
): Promise<ImportResult> {
  const goods = await ctx.db.selectFrom('goods').select(['id', 'channel', 'source']).where('id', '=', goodsId).executeTakeFirst();
  if (!goods) throw fail.notFound('商品不存在');
  if (goods.source !== 'stock') throw fail.badInput('该商品来自上游渠道，不需要导入库存');
  if (deviceId !== null) await checkDevice(ctx, goods.channel, deviceId);
  const { items, errors } = parseStock(text, goods.channel);
  if (items.length + errors.length > MAX_LINES)
    throw fail.badInput(`一次最多导入 ${MAX_LINES} 行`, { text: `一次最多导入 ${MAX_LINES} 行` });
  if (errors.length && (!skipBad || !items.length)) {
    const first = `第 ${errors[0].line} 行：${errors[0].message}`;
    const why = skipBad ? '没有可导入的正确行' : `有 ${errors.length} 行格式不正确，未导入任何数据`;
    throw new AppError(Code.badInput, `${why}（${first}）`, { errors });
  }
  if (!items.length) throw fail.badInput('没有可导入的内容', { text: '没有可导入的内容' });

  const now = ctx.now();
  const written = await ctx.db.transaction().execute(async (trx) => {
    // Imports into one product take turns (its row locked first): two never insert the same number.
    await trx.updateTable('goods').set({ update_at: now }).where('id', '=', goodsId).execute();
    const result = { added: 0, updated: 0, skipped: 0 };
    // A device chosen at import binds the numbers to it; none leaves a number's binding as it was.
    const bound = deviceId === null ? {} : { device_id: deviceId };
    for (let i = 0; i < items.length; i += CHUNK) {
      const chunk = items.slice(i, i + CHUNK);
      const existing = await trx
        .selectFrom('stock_items')
        .select(['id', 'ident_key', 'state'])
        .where('goods_id', '=', goodsId)
        .where(
          'ident_key',
          'in',
          chunk.map((c) => c.key),
        )
        .execute();
      const byKey = new Map(existing.map((e) => [e.ident_key, e]));
      const fresh = [];
      for (const item of chunk) {
        const found = byKey.get(item.key);
        if (!found) {
          fresh.push(item);
          continue;
        }
        if (!UNSOLD.includes(found.state)) {
          result.skipped += 1;
          continue;
        }
        await trx
          .updateTable('stock_items')
          .set({ identifier: item.identifier, extra: item.extra, update_at: now, ...bound })
          .where('id', '=', found.id)
          .execute();
        result.updated += 1;
      }
      if (fresh.length) {
        await trx
          .insertInto('stock_items')
          .values(
            fresh.map((item) => ({
              goods_id: goodsId,
              identifier: item.identifier,
              ident_key: item.key,
              extra: item.extra,
              state: 'available',
              token_id: null,
              device_id: deviceId,
              create_at: now,
              update_at: now,
            })),
          )
          .execute();
        result.added += fresh.length;
      }
    }
    await adjustStock(trx, goodsId, result.added);
    await inside?.(trx, { ...result, bad: errors.length });
    return result;
  });
  return {
    ...written,
    bad: errors,
    shared: await sharedNumbers(
      ctx,
      goodsId,
      items.map((i) => i.key),
    ),
  };
}

async function checkDevice(ctx: Ctx, channel: string, deviceId: number): Promise<void> {
  if (channel === 'mail') throw fail.badInput('邮箱库存不能绑定设备', { device_id: '邮箱库存不能绑定设备' });
  const device = await ctx.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst();
  if (!device) throw fail.badInput('设备不存在', { device_id: '设备不存在' });
}

/** Moves a product's available-stock counter by `delta` (kept beside every change of item states). */
export async function adjustStock(trx: Kysely<DB>, goodsId: number, delta: number): Promise<void> {
  if (!delta) return;
  await trx
    .updateTable('goods')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', goodsId)
    .execute();
}
