/**
 * Who may do what. The framework knows two roles: administrators ('sup') and everyone else who is
 * logged in ('customer'). A sup may also have a staff role that narrows what they may do: the product
 * names its staff roles and the grants each holds (`defineStaffRoles`); a rule may ask for a grant.
 * Pure TypeScript: the console and the server both import it.
 */

/** Who is asking: a sup, or any other logged-in user (a customer). */
export type Role = 'sup' | 'customer';

/**
 * Named access rules.
 * - sup: a sup holding every grant (the staff role whose grants are '*').
 * - staff: any sup, whatever their staff role.
 * - sup:<grant>: a sup whose staff role holds that grant.
 * - customer: non-sup users only.
 * - any: every logged-in user, on all rows.
 * - own: every logged-in user; a customer only on rows whose owner field is theirs, a sup on all.
 * - own:<grant>: a customer on their own rows; a sup holding that grant on all rows.
 * - customer:<grant>: a customer whose account holds that grant (a customer with more), on their own
 *   rows; never a sup, whatever their staff role.
 */
export type AccessRule = 'sup' | 'staff' | 'customer' | 'any' | 'own' | `sup:${Grant}` | `own:${Grant}` | `customer:${Grant}`;

/**
 * The product's grant names, declared by merging into this interface (a key per grant):
 * `declare module '<this file>' { interface GrantNames { catalog: true } }`. A rule or a staff role
 * naming another grant then fails to compile. Without any, every string is a grant.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the product's declaration merging
export interface GrantNames {}

/** A grant a staff role may hold and a rule may ask for. */
export type Grant = keyof GrantNames extends never ? string : Extract<keyof GrantNames, string>;

/** The grants of a sup's staff role: every grant ('*'), or those named; a customer's are those their account holds. */
export type Grants = '*' | readonly Grant[];

/** The generic calls on a resource (`/api/<api>/data|detail|add|edit|del`). */
export type Action = 'list' | 'show' | 'add' | 'edit' | 'del';

/** A staff role as the product declares it: its label and its grants. */
export interface StaffRoleDef {
  label: string;
  grants: Grants;
  color?: string;
}

const holds = (grants: Grants | undefined, grant: string): boolean =>
  grants === '*' || (Array.isArray(grants) && (grants as readonly string[]).includes(grant));

/**
 * The one place that says whether a caller passes a rule. `grants` are a sup's (from their staff
 * role) or a customer's (what their account holds); a sup without any passes only 'staff', 'any' and
 * 'own' rules, a customer without any no 'customer:<grant>' rule.
 */
export function allows(rule: AccessRule | 'public' | undefined, role: Role | undefined, grants?: Grants): boolean {
  if (rule === 'public') return true;
  if (!rule || !role) return false;
  if (rule === 'customer') return role === 'customer';
  if (rule === 'any' || rule === 'own') return true;
  if (rule === 'staff') return role === 'sup';
  if (rule === 'sup') return role === 'sup' && grants === '*';
  if (rule.startsWith('sup:')) return role === 'sup' && holds(grants, rule.slice(4));
  if (rule.startsWith('own:')) return role === 'customer' || holds(grants, rule.slice(4));
  if (rule.startsWith('customer:')) return role === 'customer' && holds(grants, rule.slice(9));
  return false;
}

/** Whether a rule scopes a customer to their own rows ('own', 'own:<grant>' or 'customer:<grant>'). */
export const isOwnRule = (rule: AccessRule | 'public' | undefined): boolean =>
  rule === 'own' || Boolean(rule?.startsWith('own:')) || Boolean(rule?.startsWith('customer:'));

/** The grant a rule asks of a sup, if it names one. */
export const grantOf = (rule: AccessRule | 'public' | undefined): string | undefined =>
  rule && /^(sup|own):/.test(rule) ? rule.slice(4) : undefined;

/** A user's stored type as a role: 'sup' is a sup, any other type an ordinary user. */
export function roleOf(type: string | null | undefined): Role | undefined {
  if (!type) return undefined;
  return type === 'sup' ? 'sup' : 'customer';
}

/** No grant at all (one value, so a screen that compares grants sees no change). */
export const NO_GRANTS: Grants = Object.freeze([]) as readonly Grant[];

/** The grants of a sup's staff role by name; an unknown or missing staff role holds none. */
export function grantsOf(staffRoles: Readonly<Record<string, StaffRoleDef>>, staffRole: string | null | undefined): Grants {
  const def = staffRole && Object.hasOwn(staffRoles, staffRole) ? staffRoles[staffRole] : undefined;
  return def ? def.grants : NO_GRANTS;
}

/** The product's staff roles, checked: each a label and its grants. */
export function defineStaffRoles<const S extends Record<string, StaffRoleDef>>(roles: S): S {
  return roles;
}
