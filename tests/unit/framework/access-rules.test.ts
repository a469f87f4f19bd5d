/** Access rules with staff roles: what each rule lets through, and that every rule names a declared grant. */
import { describe, expect, it } from 'vitest';
import { allows, grantOf, grantsOf, isOwnRule, type AccessRule } from '../../../src/framework/declaration';
import { pages, resources, sections, staffRoles, type ResourceDef } from '../../../resources.config';
import { buildMenu } from '../../../src/framework/menu';

const g = (role: string) => grantsOf(staffRoles, role);

describe('allows', () => {
  it.each([
    ['sup', 'owner', true],
    ['sup', 'operator', false],
    ['staff', 'support', true],
    ['staff', 'nobody', true],
    ['sup:money', 'finance', true],
    ['sup:money', 'operator', false],
    ['sup:money', 'owner', true],
    ['own:orders', 'support', true],
    ['own:orders', 'operator', false],
    ['own', 'operator', true],
    ['any', 'operator', true],
    ['customer', 'owner', false],
    ['sup:money', 'nobody', false],
  ] as const)('%s for a sup whose role is %s: %s', (rule, role, answer) => {
    expect(allows(rule as AccessRule, 'sup', g(role))).toBe(answer);
  });

  it('a customer passes customer, any, own and own:<grant> rules only', () => {
    for (const rule of ['customer', 'any', 'own', 'own:money'] as AccessRule[]) expect(allows(rule, 'customer')).toBe(true);
    for (const rule of ['sup', 'staff', 'sup:money'] as AccessRule[]) expect(allows(rule, 'customer')).toBe(false);
    expect(allows('any', undefined)).toBe(false);
    expect(allows('public', undefined)).toBe(true);
    expect(isOwnRule('own:money')).toBe(true);
    expect(isOwnRule('sup:money')).toBe(false);
  });

  it('an unknown staff role holds no grant (one frozen value, not a new array each time)', () => {
    expect(g('king')).toEqual([]);
    expect(g('king')).toBe(g(''));
    expect(allows('sup:money', 'sup', g('king'))).toBe(false);
  });
});

describe('the declaration', () => {
  const declared = new Set<string>(Object.values(staffRoles).flatMap((r) => (r.grants === '*' ? [] : [...r.grants])));
  const rules: string[] = [];
  for (const def of Object.values(resources as Record<string, ResourceDef>)) {
    rules.push(
      ...(Object.values(def.access) as string[]),
      ...(def.actions ?? []).map((a) => a.access),
      ...(def.toolbar ?? []).map((a) => a.access),
    );
    if (def.menu) rules.push(def.menu.visible);
  }
  for (const p of Object.values(pages)) rules.push(p.access, ...('menu' in p && p.menu ? [p.menu.visible] : []));

  it('every grant a rule names is one some staff role holds', () => {
    const named = [...new Set(rules.map((r) => grantOf(r as AccessRule)).filter(Boolean))];
    expect(named.filter((n) => !declared.has(n!))).toEqual([]);
    expect(named.length).toBeGreaterThan(5);
  });

  it("an operator's menu has no money items; finance's has them and no catalogue; the owner's has 操作日志", () => {
    const labels = (role: string) => buildMenu(sections, [resources, pages], 'sup', g(role)).flatMap((s) => s.items.map((i) => i.label));
    const money = ['财务明细', '充值记录', '未匹配转账', 'USDT 设置', '操作日志'];
    expect(labels('operator').filter((l) => money.includes(l))).toEqual([]);
    expect(labels('operator')).toEqual(expect.arrayContaining(['API管理', '设备管理', '公告列表']));
    expect(labels('finance')).toEqual(expect.arrayContaining(['财务明细', '未匹配转账', 'USDT 设置', '操作日志', '用户列表']));
    expect(labels('finance')).not.toContain('API管理');
    expect(labels('support')).toEqual(expect.arrayContaining(['用户列表', '订单记录', '收件箱']));
    expect(labels('support')).not.toContain('财务明细');
    expect(labels('owner')).toEqual(expect.arrayContaining(['操作日志', '联系方式', ...money]));
  });
});
