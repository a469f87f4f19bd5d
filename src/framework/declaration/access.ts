/**
 * Who may do what. The framework knows two roles: administrators ('sup') and everyone else who is
 * logged in ('customer'). Pure TypeScript: the console and the server both import it.
 */

/** Who is asking: a sup, or any other logged-in user (a customer). */
export type Role = 'sup' | 'customer';

/**
 * Named access rules.
 * - sup: super administrators only.
 * - customer: non-sup users only.
 * - any: every logged-in user, on all rows.
 * - own: every logged-in user; a customer only on rows whose owner field is theirs.
 */
export type AccessRule = 'sup' | 'customer' | 'any' | 'own';

/** The generic calls on a resource (`/api/<api>/data|detail|add|edit|del`). */
export type Action = 'list' | 'show' | 'add' | 'edit' | 'del';

/** The one place that says whether a role passes a rule. */
export function allows(rule: AccessRule | 'public' | undefined, role: Role | undefined): boolean {
  if (rule === 'public') return true;
  if (!rule || !role) return false;
  if (rule === 'sup') return role === 'sup';
  if (rule === 'customer') return role === 'customer';
  return true;
}

/** A user's stored type as a role: 'sup' is a sup, any other type an ordinary user. */
export function roleOf(type: string | null | undefined): Role | undefined {
  if (!type) return undefined;
  return type === 'sup' ? 'sup' : 'customer';
}
