/**
 * Grants are the product's names, checked by `tsc` (which CI runs over the tests too): each
 * `@ts-expect-error` below fails the type check if the misspelled grant were ever accepted.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyContextConfig } from 'fastify';
import { allows, staffRoles, type AccessRule, type Grants } from '../../../resources.config';
import { GRANTS } from '../../../src/resources/staff';
import '../../../server/platform/http/auth';

describe('grant names', () => {
  it('a rule, a staff role and a route naming a grant that does not exist fail to compile', () => {
    // @ts-expect-error 'userz' is not a grant
    const rule: AccessRule = 'sup:userz';
    // @ts-expect-error 'monye' is not a grant
    const own: AccessRule = 'own:monye';
    // @ts-expect-error 'catalogue' is not a grant
    const grants: Grants = ['catalogue'];
    // @ts-expect-error a hand-written route's access is checked the same way
    const route: FastifyContextConfig = { access: 'sup:userz' };
    expect([rule, own, grants, route]).toHaveLength(4);
  });

  it('every grant a staff role holds is declared, and a rule naming one passes a sup holding it', () => {
    for (const role of Object.values(staffRoles)) {
      if (role.grants !== '*') for (const g of role.grants) expect(GRANTS).toContain(g);
    }
    expect(allows('sup:money', 'sup', staffRoles.finance.grants)).toBe(true);
    expect(allows('sup:catalog', 'sup', staffRoles.finance.grants)).toBe(false);
  });
});
