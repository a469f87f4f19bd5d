import type { Ctx } from '../platform/context.js';
import { secretBox } from '../platform/lib/secret-box.js';
import { fail } from '../platform/http/envelope.js';
import type { Row } from '../platform/http/validate.js';
import type { HookEnv, ResourceHooks } from '../platform/crud/hooks.js';
import { refusedUrl } from '../platform/http/outbound-address.js';

/** The values as stored: trimmed, the API key sealed (server/platform/lib/secret-box.ts). */
const stored = (ctx: Ctx, values: Row): Row => {
  const out = { ...values };
  if (typeof out.base_url === 'string') out.base_url = out.base_url.trim();
  if (typeof out.api_key === 'string') out.api_key = secretBox(ctx.settings).seal(out.api_key.trim());
  return out;
};

/**
 * A new address is checked as it is saved: http or https, and an IP address inside or reserved is
 * refused now (unless private addresses are allowed) rather than at the first call. A name is checked
 * at each call, where it points then.
 */
function checkAddress(ctx: Ctx, baseUrl: unknown): void {
  if (typeof baseUrl !== 'string') return;
  const why = refusedUrl(baseUrl.trim(), ctx.settings.webhookAllowPrivate, '上游地址');
  if (why) throw fail.badInput(why, { base_url: why });
}

/** Providers: names unique, API keys stored sealed; one that products or links still use cannot be deleted (disable it instead). */
export const providerHooks: ResourceHooks = {
  async beforeAdd(values, { ctx, trx }) {
    await uniqueName(trx, values.name, null);
    checkAddress(ctx, values.base_url);
    return stored(ctx, values);
  },
  async beforeEdit(id, values, existing, { ctx, trx }) {
    if (values.name !== undefined) await uniqueName(trx, values.name, id);
    // The stored key goes wherever base_url points: a new address needs the key typed again, or
    // anyone who may edit the address could have the key sent to a server of theirs.
    const moved = typeof values.base_url === 'string' && values.base_url.trim() !== String(existing.base_url ?? '').trim();
    const keyGiven = typeof values.api_key === 'string' && values.api_key.trim() !== '';
    // Only a changed address: one saved before stays editable (to disable it, say) whatever the settings now.
    if (moved) checkAddress(ctx, values.base_url);
    if (moved && !keyGiven) throw fail.badInput('更改接口地址时请重新填写 API 密钥', { api_key: '更改接口地址时请重新填写 API 密钥' });
    return stored(ctx, values);
  },
  async beforeDel(ids, { trx }) {
    const used = await trx.selectFrom('goods').select('title').where('provider_id', 'in', ids).executeTakeFirst();
    if (used) throw fail.conflict(`商品「${used.title}」正在使用该上游渠道，不能删除；可改为停用`);
    const linked = await trx.selectFrom('tokens').select('id').where('upstream_provider_id', 'in', ids).executeTakeFirst();
    if (linked) throw fail.conflict('该上游渠道已有购买记录，不能删除；可改为停用');
  },
};

async function uniqueName(trx: HookEnv['trx'], name: unknown, id: number | null) {
  let q = trx
    .selectFrom('providers')
    .select('id')
    .where('name', '=', name as string);
  if (id !== null) q = q.where('id', '!=', id);
  if (await q.executeTakeFirst()) throw fail.conflict('已有同名的上游渠道');
}
