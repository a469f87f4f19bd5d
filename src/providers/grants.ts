import { grantsOf, staffRoles, type Grants } from '../../resources.config';
import { NO_GRANTS } from '../framework/declaration';
import { authState } from './auth-state';

/**
 * The logged-in sup's grants, from the staff role stored with the session (none for a customer). A
 * session from before staff roles has none stored until its user info arrives: every sup of that time
 * became an owner, so it holds every grant meanwhile (the server decides either way).
 */
export function currentGrants(): Grants {
  if (authState.getType() !== 'sup') return NO_GRANTS;
  const staffRole = authState.getStaffRole();
  return staffRole === null ? '*' : grantsOf(staffRoles, staffRole);
}
