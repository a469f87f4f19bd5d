import { describe, expect, it } from 'vitest';
import { pages, resources, sections } from '../../../resources.config';
import { buildMenu, findMenuItem, labelFor } from '../../../src/framework/menu';

// A sup here is the owner (every grant); narrower staff roles: tests/unit/framework/access-rules.test.ts.
const menuOf = (role: 'sup' | 'customer' | undefined) => buildMenu(sections, [resources, pages], role, role === 'sup' ? '*' : undefined);
const outline = (role: 'sup' | 'customer') =>
  menuOf(role).map((s) => [s.label, s.items.map((i) => i.label)]);

describe('the menu from the declaration', () => {
  it('gives a sup the system section, user management and "his API", but no store or top-up', () => {
    expect(outline('sup')).toEqual([
      ['系统设置', ['联系方式', '公告列表', '分组配置', 'USDT 设置', '未匹配转账', '上游渠道', '设备管理', '收件箱', '操作日志']],
      ['账户管理', ['用户列表', '用户折扣', '修改信息']],
      ['接码中心', ['API管理', '服务名称', '订单记录', '重提记录', '接码记录', '他的API']],
      ['财务管理', ['财务明细', '充值记录']],
    ]);
  });

  it('gives a customer the store, top-up and "my API", and drops sections left empty', () => {
    expect(outline('customer')).toEqual([
      ['账户管理', ['修改信息']],
      ['接码中心', ['API商城', '订单记录', '重提记录', '接码记录', '我的API']],
      ['财务管理', ['财务明细', '账户充值', '充值记录']],
    ]);
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
