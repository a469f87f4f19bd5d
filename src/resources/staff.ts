import { defineStaffRoles } from '../framework/declaration';

/**
 * The sup's staff roles and what each may do, as grants the access rules name (`sup:<grant>`,
 * `own:<grant>`). `type` stays `sup` for all of them; a role only narrows. The first sup is owner.
 *
 * Grants: catalog (products, stock, upstream providers, groups, discounts), intake (devices, messages
 * entered or assigned by hand), messages (reading the inbox), content (notices), money (balances,
 * refunds, recharges, transfers, USDT settings), stats (the platform's figures), users (reading
 * users), orders (reading everyone's orders, links and records), care (switching into a customer,
 * resetting a customer's password, revoking a key), audit.money (the money rows of the audit trail),
 * agent.sales (the numbers sold to aggregators: 代售记录, and their sales on the home screen).
 * What no grant names ('sup' rules: staff, roles, site settings, the whole audit trail) is the owner's.
 */
/** Every grant a staff role may hold; a rule naming another (`sup:userz`) fails to compile. */
export const GRANTS = [
  'catalog',
  'intake',
  'messages',
  'content',
  'money',
  'stats',
  'users',
  'orders',
  'care',
  'audit.money',
  'agent.sales',
] as const;

/**
 * Grants a customer's account may hold, asked by `customer:<grant>` rules (a customer with more, never
 * a sup): reseller (分站: the customer resells the catalogue on a host of their own; server/resellers).
 */
export const CUSTOMER_GRANTS = ['reseller'] as const;

declare module '../framework/declaration/access' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface: the framework's GrantNames become ours
  interface GrantNames extends Record<(typeof GRANTS)[number] | (typeof CUSTOMER_GRANTS)[number], true> {}
}

export const staffRoles = defineStaffRoles({
  owner: { label: '所有者', grants: '*', color: 'red' },
  operator: { label: '运营', grants: ['catalog', 'intake', 'messages', 'content', 'agent.sales'], color: 'blue' },
  finance: { label: '财务', grants: ['money', 'stats', 'users', 'orders', 'audit.money', 'agent.sales'], color: 'gold' },
  support: { label: '客服', grants: ['users', 'orders', 'messages', 'care'], color: 'green' },
});

export type StaffRole = keyof typeof staffRoles;
