import type { WriteEvent } from '../platform/crud/routes.js';
import { audit, auditCtxOf, type AuditAction, type AuditCategory } from './audit.js';
import type { Ctx } from '../platform/context.js';

/**
 * Which audit filter each resource's generic writes belong to. Every resource with a generic add,
 * edit or del is named here or in NOT_AUDITED (a test checks), so a new one is not silently left out.
 */
export const CATEGORY: Record<string, AuditCategory> = {
  goods: 'catalog',
  groups: 'catalog',
  discounts: 'catalog',
  stock: 'catalog',
  providers: 'catalog',
  aggregator: 'catalog',
  services: 'catalog',
  users: 'users',
  notices: 'content',
  devices: 'intake',
  device_numbers: 'intake',
  resellers: 'money',
  reseller_prices: 'catalog',
};

/** Resources whose writes are declared but not audited here, and why. */
export const NOT_AUDITED: Record<string, string> = {
  messages: 'its add is a route of its own (server/intake/message.routes.ts), not the generic write',
};

const VERB = { add: '新增', edit: '修改', del: '删除' } as const;

/** A generic write's action: each audited resource's are among the declared ones (tests/api/audit/writes-map.test.ts). */
const actionOf = (api: string, verb: keyof typeof VERB) => `${api}.${verb}` as AuditAction;

/** Columns whose change is not worth a row (kept by the server itself). */
const NOISE = new Set(['update_at', 'create_at']);

/** The fields an edit changed, before and after (values the same on both sides left out). */
function changed(existing: Record<string, unknown>, values: Record<string, unknown>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (NOISE.has(k)) continue;
    if (existing[k] === v || (existing[k] !== null && v !== null && String(existing[k]) === String(v))) continue;
    before[k] = existing[k] ?? null;
    after[k] = v ?? null;
  }
  return { before, after };
}

/**
 * The audit row of every generic add, edit and delete of an audited resource (products and their
 * prices, groups, discounts, stock, providers, users and their roles, notices, devices), written in
 * the write's own transaction. A user's role or type change is its own action (`user.role`).
 */
export function auditWrites(ctx: Ctx) {
  return async (e: WriteEvent): Promise<void> => {
    const category = CATEGORY[e.resource];
    if (!category) return;
    const who = auditCtxOf(e.request, ctx);
    const label = e.def.label;
    if (e.action === 'add') {
      const id = e.ids[0];
      await audit(e.trx, who, {
        action: actionOf(e.def.api, 'add'),
        category,
        targetType: e.def.api,
        targetId: id,
        summary: `${VERB.add}${label} #${id}`,
        after: e.after,
      });
      return;
    }
    if (e.action === 'edit') {
      const id = e.ids[0];
      const { before, after } = changed(e.before[0], e.after ?? {});
      if (!Object.keys(after).length) return;
      const role = e.resource === 'users' && ('role' in after || 'type' in after);
      const name = e.before[0].username ?? e.before[0].title ?? e.before[0].name;
      await audit(e.trx, who, {
        action: role ? 'user.role' : actionOf(e.def.api, 'edit'),
        category,
        targetType: e.def.api,
        targetId: id,
        summary: `${role ? '修改角色' : VERB.edit + label} #${id}${name ? ` ${name}` : ''}：${Object.keys(after).join('、')}`,
        before,
        after,
      });
      return;
    }
    await audit(e.trx, who, {
      action: actionOf(e.def.api, 'del'),
      category,
      targetType: e.def.api,
      targetId: e.ids.length === 1 ? e.ids[0] : null,
      summary: `${VERB.del}${label} ${e.ids.map((i) => `#${i}`).join(' ')}`,
      before: e.before,
    });
  };
}
