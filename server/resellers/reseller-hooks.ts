import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import type { ResourceHooks } from '../platform/crud/hooks.js';
import type { Ctx } from '../platform/context.js';
import type { Row } from '../platform/http/validate.js';
import { fail } from '../platform/http/envelope.js';
import { sanitizeHtml } from '../platform/lib/sanitize-html.js';
import { publicHostname } from '../platform/http/public-url.js';
import { hostKey } from './sites.js';
import { resellerFigures } from './figures.js';

/** The site fields as stored: the host in its compared form, the HTML sanitized. */
function siteColumns(ctx: Ctx, values: Row): Row {
  const row: Row = { ...values };
  if (typeof values.host === 'string') {
    row.host = hostKey(values.host);
    if (row.host === publicHostname(ctx)) throw fail.badInput('不能使用主站的域名', { host: '不能使用主站的域名' });
  }
  for (const field of ['contact', 'notice'] as const) {
    if (typeof values[field] === 'string') row[field] = sanitizeHtml(values[field] as string);
  }
  return row;
}

/**
 * The customer a reseller is made from: a customer (never a sup), not another reseller's customer
 * (one level), not disabled.
 */
async function checkUser(trx: Kysely<DB>, userId: number): Promise<void> {
  const user = await trx.selectFrom('users').select(['type', 'status', 'reseller_id']).where('id', '=', userId).executeTakeFirst();
  const refuse = (m: string) => fail.badInput(m, { user_id: m });
  if (!user) throw refuse('用户不存在');
  if (user.type === 'sup') throw refuse('管理员不能开通分站，请选择客户账号');
  if (user.reseller_id !== null) throw refuse('分站的客户不能再开通分站（只有一级分站）');
  if (user.status !== 'active') throw refuse('该用户已被禁用');
}

/** 分站管理: who may resell, on which host, at what markup; the list's figures per reseller. */
export const resellerHooks: ResourceHooks = {
  async beforeAdd(values, { ctx, trx }) {
    await checkUser(trx, Number(values.user_id));
    return siteColumns(ctx, values);
  },

  beforeEdit(_id, values, _existing, { ctx }) {
    return siteColumns(ctx, values);
  },

  async present(rows, raw, { ctx }) {
    const figures = await resellerFigures(
      ctx.db,
      raw.map((r) => Number(r.user_id)),
    );
    rows.forEach((row, i) => Object.assign(row, figures.get(Number(raw[i].user_id))));
  },
};
