import { grantsOf, staffRoles, type Grants } from '../../resources.config';
import { NO_GRANTS } from '../framework/declaration';
import { authState } from './auth-state';

const RESELLER: Grants = Object.freeze(['reseller'] as const);

/**
 * The logged-in sup's grants, from the staff role stored with the session; a customer's, what their
 * account holds (a reseller: `reseller`, once the user info says so). A session from before staff
 * roles has none stored until its user info arrives: every sup of that time became an owner, so it
 * holds every grant meanwhile (the server decides either way).
 */
export function currentGrants(): Grants {
  if (authState.getType() !== 'sup') return authState.getUserInfo()?.reseller ? RESELLER : NO_GRANTS;
  const staffRole = authState.getStaffRole();
  return staffRole === null ? '*' : grantsOf(staffRoles, staffRole);
}
