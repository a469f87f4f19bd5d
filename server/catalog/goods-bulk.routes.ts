import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { fail, ok } from '../platform/http/envelope.js';
import { checkValue, objectBody, rejectUnknown } from '../platform/http/validate.js';
import { idsOf } from '../platform/http/ids.js';
import { auditWrites } from '../audit/index.js';
import { resources } from '../../resources.config.js';

const MAX_IDS = 1000;
const goods = resources.goods;

/** What one bulk call sets on every product it names: on sale or off, or a new price. */
function changeOf(body: Record<string, unknown>): { on_sale: number } | { price: number } {
  const given = ['on_sale', 'price'].filter((k) => body[k] !== undefined);
  if (given.length !== 1) throw fail.badInput('请指定要上架/下架，或要修改的价格（二选一）');
  const [name] = given as ['on_sale' | 'price'];
  // The same checks as a product's own edit, in the same words.
  const value = checkValue(goods.fields[name], body[name], 'UTC');
  if (typeof value === 'object') throw fail.badInput(value.error, { [name]: value.error });
  return name === 'on_sale' ? { on_sale: Number(value) } : { price: Number(value) };
}

/**
 * 批量上架 / 下架 / 改价 over the products a sup ticked: every one changed in one transaction, each
 * with the audit row its own edit would write, or none (an id that does not exist refuses them all).
 */
export function registerGoodsBulkRoutes(app: FastifyInstance, ctx: Ctx): void {
  const auditEdit = auditWrites(ctx);
  app.post('/api/goods/bulk', { config: { access: goods.access.edit } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['ids', 'on_sale', 'price']);
    const ids = idsOf(body.ids, MAX_IDS);
    const change = changeOf(body);
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('goods').selectAll().where('id', 'in', ids).execute();
      if (rows.length !== ids.length) throw fail.notFound('部分商品不存在，未做任何修改');
      const row = { ...change, update_at: ctx.now() };
      await trx.updateTable('goods').set(row).where('id', 'in', ids).execute();
      for (const before of rows) {
        await auditEdit({ resource: 'goods', def: goods, action: 'edit', ids: [before.id], before: [before], after: row, request, trx });
      }
      return rows.length;
    });
    const what = 'price' in change ? `价格改为 $${(change.price / 100).toFixed(2)}` : change.on_sale ? '上架' : '下架';
    return ok({ changed }, `已将 ${changed} 个商品${what}`);
  });
}
