/**
 * The declaration's words for empty lists lead somewhere real: a button's route is a declared screen
 * the role reading those words may open (a misspelt route or a customer's screen offered to sup
 * would compile), and the lists a new user meets first say what to do next.
 */
import { describe, expect, it } from 'vitest';
import { allows, pages, resources, type ResourceDef, type Role } from '../../../resources.config';

type Words = Exclude<NonNullable<ResourceDef['empty']>, { sup: unknown }>;
const all = resources as Record<string, ResourceDef>;

/** The words each role reads on a resource's empty list (only roles that may list it). */
function wordsByRole(def: ResourceDef): [Role, Words][] {
  const { empty } = def;
  if (!empty) return [];
  const roles = (['sup', 'customer'] as const).filter((role) => allows(def.access.list, role, '*'));
  return roles.map((role) => [role, 'text' in empty ? empty : empty[role]]);
}

/** Who may open a route: a page's access, or a resource's list access. */
function accessOf(route: string) {
  const page = Object.values(pages).find((p) => p.route === route);
  if (page) return page.access;
  return Object.values(all).find((r) => r.route === route)?.access.list;
}

describe('empty lists', () => {
  it('send each role only to screens that exist and it may open; create only where it may add', () => {
    const wrong: string[] = [];
    for (const [name, def] of Object.entries(all)) {
      for (const [role, words] of wordsByRole(def)) {
        const to = words.action?.to;
        if (!to || to === 'create') continue;
        const access = accessOf(to);
        if (!access || !allows(access, role, '*')) wrong.push(`${name} (${role}) → ${to}`);
      }
      const creates = wordsByRole(def).some(([, w]) => w.action?.to === 'create');
      if (creates && !def.access.add) wrong.push(`${name}: create without add access`);
    }
    expect(wrong).toEqual([]);
  });

  it('tell a new customer and a new sup the next step on the lists they meet first', () => {
    const action = (name: string, role: Role) => wordsByRole(all[name]).find(([r]) => r === role)?.[1].action;
    expect(action('tokens', 'customer')).toEqual({ label: '去商城', to: pages.store.route });
    expect(action('orders', 'customer')).toEqual({ label: '去商城', to: pages.store.route });
    expect(action('ledger', 'customer')).toEqual({ label: '去充值', to: pages.recharge.route });
    expect(action('devices', 'sup')).toEqual({ label: '添加设备', to: 'create' });
    expect(all.devices.empty && 'hint' in all.devices.empty ? all.devices.empty.hint : '').toContain('SmsForwarder');
    expect(action('providers', 'sup')).toEqual({ label: '添加上游渠道', to: 'create' });
    // Every list in the menu says something better than 暂无数据.
    const silent = Object.entries(all)
      .filter(([, def]) => def.menu && !def.empty)
      .map(([name]) => name);
    expect(silent).toEqual([]);
  });
});
