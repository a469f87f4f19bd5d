import { fail } from '../platform/http/envelope.js';
import type { Row } from '../platform/http/validate.js';
import type { HookEnv, ResourceHooks } from '../platform/crud/hooks.js';

/** The names getServicesList gives a service code: one row per code, stored trimmed. */
export const serviceNameHooks: ResourceHooks = {
  async beforeAdd(values, { trx }) {
    const row = trimmed(values);
    await uniqueCode(trx, row.service, null);
    return row;
  },
  async beforeEdit(id, values, _existing, { trx }) {
    const row = trimmed(values);
    if (row.service !== undefined) await uniqueCode(trx, row.service, id);
    return row;
  },
};

function trimmed(values: Row): Row {
  const out = { ...values };
  for (const field of ['service', 'name', 'name_cn']) if (typeof out[field] === 'string') out[field] = (out[field] as string).trim();
  if (out.name === '') throw fail.badInput('请填写英文名称', { name: '请填写英文名称' });
  if (out.name_cn === '') out.name_cn = null;
  return out;
}

async function uniqueCode(trx: HookEnv['trx'], service: unknown, id: number | null) {
  let q = trx
    .selectFrom('service_names')
    .select('id')
    .where('service', '=', service as string);
  if (id !== null) q = q.where('id', '!=', id);
  if (await q.executeTakeFirst()) throw fail.conflict(`服务代码 ${String(service)} 已设置过名称，请编辑原有记录`);
}
