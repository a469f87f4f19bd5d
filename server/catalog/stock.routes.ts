import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown } from '../platform/http/validate.js';
import { idOf, idsOf } from '../platform/http/ids.js';
import { LIVE } from '../links/index.js';
import { adjustStock, importStock } from './stock-import.js';
import { audit, auditCtxOf } from '../audit/index.js';
import type { SharedNumbers } from './shared.js';

/** 50,000 lines of a number and a long extra each fit; the global JSON limit stays small. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;
const MAX_IDS = 1000;

/** The sup's stock calls beyond the generic list and delete: import, disable, enable. */
export function registerStockRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/api/stock/import', { config: { access: 'sup:catalog' }, bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['goods_id', 'text', 'device_id', 'skip_bad']);
    if (typeof body.text !== 'string') throw fail.badInput('请粘贴或上传库存内容', { text: '请粘贴或上传库存内容' });
    const deviceId = body.device_id === undefined || body.device_id === null || body.device_id === '' ? null : idOf(body.device_id);
    if (body.skip_bad !== undefined && typeof body.skip_bad !== 'boolean')
      throw fail.badInput('跳过错误行必须是布尔值', { skip_bad: '跳过错误行必须是布尔值' });
    const who = auditCtxOf(request, ctx);
    const goodsId = idOf(body.goods_id);
    const result = await importStock(ctx, goodsId, body.text, {
      deviceId,
      skipBad: body.skip_bad === true,
      inside: (trx, r) =>
        audit(trx, who, {
          action: 'stock.import',
          category: 'catalog',
          targetType: 'goods',
          targetId: goodsId,
          summary: `商品 #${goodsId} 导入库存：新增 ${r.added}，更新 ${r.updated}，跳过 ${r.skipped}${r.bad ? `，跳过错误行 ${r.bad}` : ''}`,
          after: r,
        }),
    });
    const bad = result.bad.length ? `，跳过错误行 ${result.bad.length} 行` : '';
    const done = `导入完成：新增 ${result.added} 条，更新 ${result.updated} 条，跳过已售 ${result.skipped} 条${bad}`;
    return ok(result, result.shared.count ? `${done}。${sharedWarning(result.shared)}` : done);
  });

  app.post('/api/stock/disable', { config: { access: 'sup:catalog' } }, async (request) => {
    const ids = idsIn(request.body);
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('stock_items')
        .set({ state: 'disabled', update_at: ctx.now() })
        .where('id', 'in', ids)
        .where('state', '=', 'available')
        .returning('goods_id')
        .execute();
      await countBack(trx, rows, -1);
      if (rows.length)
        await audit(trx, auditCtxOf(request, ctx), {
          action: 'stock.disable',
          category: 'catalog',
          targetType: 'stock',
          summary: `停用库存 ${rows.length} 条`,
          after: { ids },
        });
      return rows.length;
    });
    return ok({ changed, skipped: ids.length - changed }, `已停用 ${changed} 条`);
  });

  // Disabled items become available again; so do expired and after-sale ones whose link is over
  // (the number goes back on sale, and its old link can no longer be renewed).
  app.post('/api/stock/enable', { config: { access: 'sup:catalog' } }, async (request) => {
    const ids = idsIn(request.body);
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('stock_items')
        .set({ state: 'available', token_id: null, update_at: ctx.now() })
        .where('id', 'in', ids)
        .where('state', 'in', ['disabled', 'expired', 'after_sale'])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('tokens')
                .select('tokens.id')
                .whereRef('tokens.id', '=', 'stock_items.token_id')
                .where('tokens.state', 'in', LIVE),
            ),
          ),
        )
        .returning('goods_id')
        .execute();
      await countBack(trx, rows, 1);
      if (rows.length)
        await audit(trx, auditCtxOf(request, ctx), {
          action: 'stock.enable',
          category: 'catalog',
          targetType: 'stock',
          summary: `启用库存 ${rows.length} 条`,
          after: { ids },
        });
      return rows.length;
    });
    return ok({ changed, skipped: ids.length - changed }, `已启用 ${changed} 条`);
  });
}

/** Said after an import that put numbers in two products no rule tells apart. */
export function sharedWarning(shared: SharedNumbers): string {
  return (
    `注意：${shared.count} 个号码同时在商品「${shared.products.join('」「')}」中在售或使用，且两个商品的匹配规则相同，` +
    '发件人看不出服务时，这些号码的短信不会自动送达，而是进入收件箱（多个商品匹配）等待分配；请给商品设置发件人或关键词匹配'
  );
}

function idsIn(input: unknown): number[] {
  const body = objectBody(input);
  rejectUnknown(body, ['ids']);
  return idsOf(body.ids, MAX_IDS);
}

/** Moves each product's available counter by `sign` per changed item. */
async function countBack(trx: Kysely<DB>, rows: { goods_id: number }[], sign: 1 | -1) {
  const perGoods = new Map<number, number>();
  for (const r of rows) perGoods.set(Number(r.goods_id), (perGoods.get(Number(r.goods_id)) ?? 0) + 1);
  for (const [goodsId, n] of perGoods) await adjustStock(trx, goodsId, sign * n);
}
