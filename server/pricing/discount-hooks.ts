import { fail } from '../platform/http/envelope.js';
import type { Row } from '../platform/http/validate.js';
import type { HookEnv, ResourceHooks } from '../platform/crud/hooks.js';

/**
 * A discount is for a user that exists, on every product or on one that exists, with a rate or a
 * fixed price (exactly one; a fixed price only for one product), and a window that does not end
 * before it starts. Edits are checked on the row as it will be after the edit.
 */
async function check(trx: HookEnv['trx'], row: Row) {
  const errors: Record<string, string> = {};
  if (row.user_id !== null && row.user_id !== undefined) {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', row.user_id as number)
      .executeTakeFirst();
    if (!user) errors.user_id = '用户不存在';
  }
  if (row.goods_id !== null && row.goods_id !== undefined) {
    const goods = await trx
      .selectFrom('goods')
      .select('id')
      .where('id', '=', row.goods_id as number)
      .executeTakeFirst();
    if (!goods) errors.goods_id = '商品不存在';
  }
  const hasRate = row.rate !== null && row.rate !== undefined;
  const hasPrice = row.price !== null && row.price !== undefined;
  if (hasRate && hasPrice) errors.price = '折扣倍率和固定价格只能填写一个';
  else if (!hasRate && !hasPrice) errors.rate = '请填写折扣倍率或固定价格';
  else if (hasPrice && (row.goods_id === null || row.goods_id === undefined))
    errors.price = '固定价格只能用于指定商品，请选择商品或改用折扣倍率';
  if (
    row.start_at !== null &&
    row.end_at !== null &&
    row.start_at !== undefined &&
    row.end_at !== undefined &&
    Number(row.end_at) < Number(row.start_at)
  ) {
    errors.end_at = '结束时间不能早于开始时间';
  }
  const names = Object.keys(errors);
  if (names.length) throw fail.badInput(errors[names[0]], errors);
}

export const discountHooks: ResourceHooks = {
  async beforeAdd(values, { trx }) {
    await check(trx, values);
    return values;
  },
  async beforeEdit(_id, values, existing, { trx }) {
    await check(trx, { ...existing, ...values });
    return values;
  },
};
