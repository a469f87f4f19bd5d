import type { Kysely } from 'kysely';
import { fail } from '../platform/http/envelope.js';
import type { ResourceHooks } from '../platform/crud/hooks.js';
import type { DB } from '../schema/tables.js';

async function nameTaken(trx: Kysely<DB>, name: unknown, exceptId?: number) {
  if (typeof name !== 'string') return;
  let q = trx.selectFrom('groups').select('id').where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail.badInput('分组名称已存在', { name: '分组名称已存在' });
}

/** Pricing tiers: unique names, exactly one default, and no deleting a group that still has users. */
export const groupHooks: ResourceHooks = {
  async beforeAdd(values, { trx }) {
    await nameTaken(trx, values.name);
    // A new default replaces the old one (the partial unique index allows only one).
    if (values.is_default === 1) await trx.updateTable('groups').set({ is_default: 0 }).where('is_default', '=', 1).execute();
    return values;
  },

  async beforeEdit(id, values, existing, { trx }) {
    await nameTaken(trx, values.name, id);
    if (values.is_default === 0 && Number(existing.is_default) === 1) {
      throw fail.conflict('必须有一个默认分组：请把另一个分组设为默认，这个分组会自动取消默认');
    }
    if (values.is_default === 1 && Number(existing.is_default) !== 1) {
      await trx.updateTable('groups').set({ is_default: 0 }).where('is_default', '=', 1).execute();
    }
    return values;
  },

  async beforeDel(ids, { trx }) {
    const rows = await trx.selectFrom('groups').select(['id', 'name', 'is_default']).where('id', 'in', ids).execute();
    const fallback = rows.find((g) => Number(g.is_default) === 1);
    if (fallback) throw fail.conflict(`「${fallback.name}」是默认分组，不能删除`);
    const used = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', 'in', ids)
      .executeTakeFirstOrThrow();
    const n = Number(used.n);
    if (n > 0) throw fail.conflict(`该分组下还有 ${n} 个用户，不能删除；请先把这些用户移到其他分组`);
  },

  async present(rows, _raw, { ctx }) {
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length) return;
    const counts = await ctx.db
      .selectFrom('users')
      .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('group_id', 'in', ids)
      .groupBy('group_id')
      .execute();
    const byGroup = new Map(counts.map((c) => [Number(c.group_id), Number(c.n)]));
    for (const row of rows) row.user_count = byGroup.get(Number(row.id)) ?? 0;
  },
};
