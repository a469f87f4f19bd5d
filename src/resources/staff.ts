import { defineStaffRoles } from '../framework/declaration';

/**
 * The sup's staff roles and what each may do, as grants the access rules name (`sup:<grant>`,
 * `own:<grant>`). `type` stays `sup` for all of them; a role only narrows. The first sup is owner.
 *
 * Grants: catalog (products, stock, upstream providers, groups, discounts), intake (devices, messages
 * entered or assigned by hand), messages (reading the inbox), content (notices), money (balances,
 * refunds, recharges, transfers, USDT settings), stats (the platform's figures), users (reading
 * users), orders (reading everyone's orders, links and records), care (switching into a customer,
 * resetting a customer's password, revoking a key), audit.money (the money rows of the audit trail).
 * What no grant names ('sup' rules: staff, roles, site settings, the whole audit trail) is the owner's.
 */
export const staffRoles = defineStaffRoles({
  owner: { label: '所有者', grants: '*', color: 'red' },
  operator: { label: '运营', grants: ['catalog', 'intake', 'messages', 'content'], color: 'blue' },
  finance: { label: '财务', grants: ['money', 'stats', 'users', 'orders', 'audit.money'], color: 'gold' },
  support: { label: '客服', grants: ['users', 'orders', 'messages', 'care'], color: 'green' },
});

export type StaffRole = keyof typeof staffRoles;
