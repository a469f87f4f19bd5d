import type { AccessControlProvider } from '@refinedev/core';
import { allows, pages, resources, roleOf, type Action, type PageDef, type ResourceDef } from '../../resources.config';
import { authState } from './auth-state';
import { currentGrants } from './grants';

const ACTIONS: Record<string, Action> = { list: 'list', show: 'show', create: 'add', edit: 'edit', delete: 'del' };

/**
 * Answers from resources.config.ts and the stored type, without a network call. The server
 * enforces the same rules; this only hides what a role cannot use.
 */
export function can(resource: string | undefined, action: string): boolean {
  const role = roleOf(authState.getType());
  const grants = currentGrants();
  const def = resource ? (resources as Record<string, ResourceDef>)[resource] : undefined;
  if (def) {
    const rowAction = def.actions?.find((a) => a.name === action);
    if (rowAction) return allows(rowAction.access, role, grants);
    return allows(def.access[ACTIONS[action] ?? (action as Action)], role, grants);
  }
  const page = resource ? (pages as Record<string, PageDef>)[resource] : undefined;
  if (page) return allows(page.access, role, grants);
  return false;
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const allowed = can(resource, action);
    return allowed ? { can: true } : { can: false, reason: '没有权限' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
