import { describe, expect, it } from 'vitest';
import { pages, resources, sections, type AccessRule } from '../../../resources.config';
import { buildMenu, findMenuItem, labelFor, type MenuSection } from '../../../src/framework/menu';
import type { MenuEntry } from '../../../src/framework/declaration';

// A sup here is the owner (every grant); narrower staff roles: tests/unit/framework/access-rules.test.ts.
const menuOf = (role: 'sup' | 'customer' | undefined) => buildMenu(sections, [resources, pages], role, role === 'sup' ? '*' : undefined);
const outline = (role: 'sup' | 'customer') => menuOf(role).map((s) => [s.label, s.items.map((i) => i.label)]);
const labelsIn = (menu: MenuSection[], label: string) => menu.find((s) => s.label === label)?.items.map((i) => i.label) ?? [];

/**
 * What the declaration says a role's menu holds (so a new entity needs no edit here): each section in
 * its declared order, with the entries it lists whose `menu.visible` shows them to the role, in their
 * listed order, under that role's label; a section left empty is not shown.
 */
const entries: Record<string, { route: string; menu?: MenuEntry }> = { ...resources, ...pages };
const declaredOutline = (role: 'sup' | 'customer', sees: (visible: AccessRule) => boolean) =>
  Object.values(sections)
    .map(
      ({ label, items }) =>
        [
          label,
          items.flatMap((name) => {
            const menu = entries[name].menu!;
            return sees(menu.visible) ? [labelFor(menu, role)] : [];
          }),
        ] as const,
    )
    .filter(([, items]) => items.length > 0);
/** The owner sees every entry but those for customers only (a customer with a grant is never staff). */
const ownerSees = (visible: AccessRule) => visible !== 'customer' && !visible.startsWith('customer:');
/**
 * A customer sees what is for customers, for everyone, or for everyone on their own rows; and, holding
 * every grant here (no grants given: all of them), what is for customers with one (`customer:<grant>`).
 */
const customerSees = (visible: AccessRule) =>
  visible === 'customer' || visible === 'any' || visible === 'own' || visible.startsWith('own:') || visible.startsWith('customer:');

describe('the menu from the declaration', () => {
  it('gives a sup the system section, user management and "his API", but no store or top-up', () => {
    const menu = menuOf('sup');
    // The system section first, with every entry it lists (new:entity adds its entity there), in order.
    expect(menu[0].label).toBe('系统设置');
    expect(menu[0].items.map((i) => i.key)).toEqual(sections.system.items);
    expect(labelsIn(menu, '系统设置').slice(0, 2)).toEqual(['联系方式', '公告列表']);
    expect(labelsIn(menu, '账户管理')).toContain('用户列表');
    expect(labelsIn(menu, '接码中心')).toContain('他的API');
    const labels = menu.flatMap((s) => s.items.map((i) => i.label));
    expect(labels).not.toContain('API商城');
    expect(labels).not.toContain('账户充值');
    expect(outline('sup')).toEqual(declaredOutline('sup', ownerSees));
  });

  it('gives a customer the store, top-up and "my API", and drops sections left empty', () => {
    const menu = menuOf('customer');
    expect(menu.map((s) => s.label)).not.toContain('系统设置');
    expect(labelsIn(menu, '账户管理')).toContain('修改信息');
    expect(labelsIn(menu, '账户管理')).not.toContain('用户列表');
    expect(labelsIn(menu, '接码中心')).toEqual(expect.arrayContaining(['API商城', '我的API']));
    expect(labelsIn(menu, '接码中心')).not.toContain('他的API');
    expect(labelsIn(menu, '财务管理')).toContain('账户充值');
    expect(outline('customer')).toEqual(declaredOutline('customer', customerSees));
  });

  it('is empty without a role', () => {
    expect(menuOf(undefined)).toEqual([]);
  });

  it('labels per role', () => {
    expect(labelFor({ label: { sup: '甲', customer: '乙' }, icon: '', visible: 'any' }, 'sup')).toBe('甲');
    expect(labelFor({ label: { sup: '甲', customer: '乙' }, icon: '', visible: 'any' }, 'customer')).toBe('乙');
  });

  it('finds the item of a create, edit or show page by the longest route prefix', () => {
    const menu = menuOf('sup');
    expect(findMenuItem(menu, '/system/notice/edit/3')?.item.label).toBe('公告列表');
    expect(findMenuItem(menu, '/user/index')?.section.label).toBe('账户管理');
    expect(findMenuItem(menu, '/user/indexes')).toBeNull();
    expect(findMenuItem(menu, '/nowhere')).toBeNull();
  });
});
