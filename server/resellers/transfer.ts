import type { Ctx } from '../platform/context.js';
import { fail } from '../platform/http/envelope.js';
import { toDollars } from '../platform/lib/money.js';
import { changeBalance } from '../finance/index.js';
import { audit, type AuditCtx } from '../audit/index.js';

/**
 * A reseller credits one of its own customers from its own balance: one transaction, a `transfer`
 * ledger row on each side (never money from nothing), the reseller's debit conditional on its
 * balance (402 when too low), and the audit row. Another reseller's or the main site's customer is
 * not found (404), whoever they are.
 */
export async function transferToCustomer(
  ctx: Ctx,
  t: { resellerId: number; customerId: number; amount: number; remark: string | null },
  who: AuditCtx,
): Promise<{ balance: number; customerBalance: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const customer = await trx
      .selectFrom('users')
      .select(['id', 'username', 'status'])
      .where('id', '=', t.customerId)
      .where('reseller_id', '=', t.resellerId)
      .executeTakeFirst();
    if (!customer) throw fail.notFound('客户不存在');
    const reseller = await trx.selectFrom('users').select('username').where('id', '=', t.resellerId).executeTakeFirstOrThrow();
    const now = ctx.now();
    const note = t.remark ? `：${t.remark}` : '';
    const out = await changeBalance(trx, {
      userId: t.resellerId,
      amount: -t.amount,
      type: 'transfer',
      refType: 'user',
      refId: t.customerId,
      remark: `划款给客户 ${customer.username}${note}`.slice(0, 255),
      now,
    });
    const into = await changeBalance(trx, {
      userId: t.customerId,
      amount: t.amount,
      type: 'transfer',
      refType: 'user',
      refId: t.resellerId,
      remark: `账户充值${note}`.slice(0, 255),
      now,
    });
    await audit(trx, who, {
      action: 'reseller.transfer',
      category: 'money',
      targetType: 'user',
      targetId: t.customerId,
      summary: `分站 ${reseller.username} 给客户 ${customer.username} 划款 $${toDollars(t.amount).toFixed(2)}`,
      before: { reseller: toDollars(out.before), customer: toDollars(into.before) },
      after: { reseller: toDollars(out.after), customer: toDollars(into.after) },
    });
    return { balance: out.after, customerBalance: into.after };
  });
}
