import { afterEach, describe, expect, it } from 'vitest';
import { accessControlProvider, can } from '../../../src/providers/access-control';
import { authState } from '../../../src/providers/auth-state';

/** Answers of can() as the stored type makes them, read from resources.config.ts. */
function as(type: string | null) {
  if (type === null) authState.clear();
  else authState.setType(type);
  return can;
}

afterEach(() => authState.clear());

describe('can() from resources.config.ts', () => {
  it('lets a sup manage users and a customer not see them', () => {
    for (const action of ['list', 'show', 'create', 'edit']) {
      expect(as('sup')('users', action), `sup ${action}`).toBe(true);
      expect(as('user')('users', action), `customer ${action}`).toBe(false);
    }
  });

  it('treats any type other than sup as a customer', () => {
    expect(as('agent')('users', 'list')).toBe(false);
    expect(as('agent')('ledger', 'list')).toBe(true);
  });

  it('deletes only what the declaration allows deleting', () => {
    expect(as('sup')('users', 'delete')).toBe(false);
    expect(as('sup')('notices', 'delete')).toBe(true);
    expect(as('user')('notices', 'delete')).toBe(false);
  });

  it('lets both roles read their ledger and recharge records, and write neither', () => {
    for (const type of ['sup', 'user']) {
      expect(as(type)('ledger', 'list')).toBe(true);
      expect(as(type)('ledger', 'show')).toBe(true);
      expect(as(type)('recharges', 'list')).toBe(true);
      expect(as(type)('ledger', 'create')).toBe(false);
      expect(as(type)('ledger', 'edit')).toBe(false);
      expect(as(type)('ledger', 'delete')).toBe(false);
    }
  });

  it('gives the row actions userMoney and userSwitch to sup only', () => {
    expect(as('sup')('users', 'userMoney')).toBe(true);
    expect(as('sup')('users', 'userSwitch')).toBe(true);
    expect(as('user')('users', 'userMoney')).toBe(false);
  });

  it('opens hand-written pages by their rule', () => {
    expect(as('user')('recharge', 'list')).toBe(true);
    expect(as('sup')('recharge', 'list')).toBe(false);
    expect(as('sup')('connect', 'list')).toBe(true);
    expect(as('user')('connect', 'list')).toBe(false);
    expect(as('user')('info', 'list')).toBe(true);
    expect(as('sup')('info', 'list')).toBe(true);
  });

  it('allows nothing without a type, and nothing on unknown names', () => {
    expect(as(null)('ledger', 'list')).toBe(false);
    expect(as(null)('home', 'list')).toBe(false);
    expect(as('sup')('nothing', 'list')).toBe(false);
    expect(as('sup')(undefined, 'list')).toBe(false);
  });
});

describe('accessControlProvider', () => {
  it('answers Refine with can and a reason when refused', async () => {
    authState.setType('user');
    await expect(accessControlProvider.can({ resource: 'ledger', action: 'list' })).resolves.toEqual({ can: true });
    await expect(accessControlProvider.can({ resource: 'users', action: 'list' })).resolves.toEqual({ can: false, reason: '没有权限' });
  });

  it('hides the buttons a role may not use', () => {
    expect(accessControlProvider.options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
  });
});
