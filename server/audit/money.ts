import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { toDollars } from '../platform/lib/money.js';
import { audit, auditCtxOf, type AuditAction, type AuditEntry } from './audit.js';

const dollars = (cents: number | null) => (cents === null ? null : toDollars(cents));

/**
 * The audit row of a sup's refund, for the refund's transaction to write last: whose balance, how
 * much, the balance before and after. `what` is the order or the link refunded.
 */
export function refundAudit(request: FastifyRequest, ctx: Ctx, what: { type: 'order' | 'token'; id: number; remark: string }) {
  const who = auditCtxOf(request, ctx);
  return (trx: Kysely<DB>, c: { userId: number; amount: number; before: number | null; after: number | null }) =>
    audit(trx, who, {
      action: `${what.type}.refund`,
      category: 'money',
      targetType: what.type,
      targetId: what.id,
      summary: `${what.type === 'order' ? '订单' : '号码'} #${what.id} 退款 $${toDollars(c.amount).toFixed(2)} 给用户 #${c.userId}：${what.remark}`,
      before: { user_id: c.userId, balance: dollars(c.before) },
      after: { user_id: c.userId, balance: dollars(c.after) },
    });
}

/**
 * A customer's own purchases, renewals and cancels are in the ledger only. Made by a sup switched
 * into the customer's account, they move the customer's money on the sup's decision: the audit row
 * (category money, naming the sup) for the change's transaction to write last. Undefined for a
 * customer's own session. `what.targetId` is the link acted on; a purchase's row names its new order.
 */
export function switchedMoneyAudit(request: FastifyRequest, ctx: Ctx, what: { action: AuditAction; label: string; targetId?: number }) {
  const who = auditCtxOf(request, ctx);
  if (who.managerId === null) return undefined;
  return (trx: Kysely<DB>, c: { userId: number; amount: number; before: number | null; after: number | null; orderId?: number }) =>
    audit(trx, who, {
      action: what.action,
      category: 'money',
      targetType: c.orderId !== undefined ? 'order' : 'token',
      targetId: c.orderId ?? what.targetId ?? null,
      summary:
        `管理员在用户 #${c.userId} 的账号内${what.label}${c.orderId !== undefined ? `（订单 #${c.orderId}）` : ''}：` +
        `${c.amount < 0 ? '扣款' : '退回'} $${toDollars(Math.abs(c.amount)).toFixed(2)}`,
      before: { user_id: c.userId, balance: dollars(c.before) },
      after: { user_id: c.userId, balance: dollars(c.after) },
    });
}

/** Writes `entry` only when the request's session is a sup switched into a customer's account (a change made for them). */
export async function auditIfSwitched(trx: Kysely<DB>, request: FastifyRequest, ctx: Ctx, entry: AuditEntry): Promise<void> {
  const who = auditCtxOf(request, ctx);
  if (who.managerId !== null) await audit(trx, who, entry);
}
