/**
 * A new entity needs one entry in the declaration (and its name in a menu section) and no page code:
 * the same entry gives it its Refine resource, its routes, its menu item, its access answers and its
 * screens.
 */
import { isValidElement, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { pages, resources, sections, type ResourceDef } from '../../../resources.config';
import { refineResources } from '../../../src/framework/resources';
import { resourceRoutes } from '../../../src/framework/routes';
import { buildMenu } from '../../../src/framework/menu';
import { accessControlProvider } from '../../../src/providers/access-control';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';
import { preloadPages, renderConsole } from './harness';
import { headers, rows, cells, searchForm } from './list-helpers';

const coupons: ResourceDef = {
  label: '优惠券', api: 'coupon', table: 'coupons', route: '/account/coupon',
  menu: { label: '优惠券管理', icon: 'WalletOutlined', visible: 'sup' },
  access: { list: 'sup', show: 'sup', add: 'sup', edit: 'sup', del: 'sup' },
  fields: {
    id: { label: 'ID', type: 'int', readonly: true, list: true, sort: true },
    code: { label: '券码', type: 'text', required: true, max: 32, list: true, search: 'contains' },
    amount: { label: '面额', type: 'money', required: true, min: 0.01, list: true, sort: true, search: 'range' },
    used: { label: '已使用', type: 'bool', default: false, list: true, search: 'eq' },
    create_at: { label: '创建时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
  },
};
const defs: Record<string, ResourceDef> = { ...resources, coupons };

type PageProps = { name?: string; def?: ResourceDef; action?: string; children?: unknown };
/** The generated page inside a route's element (through any wrapper such as the access guard). */
function pageOf(element: unknown): ReactElement<PageProps> {
  if (!isValidElement<PageProps>(element)) throw new Error('no page element in the route');
  return element.props.def ? element : pageOf(element.props.children);
}

const server = useEnvelopeServer({ preload: preloadPages });
afterEach(() => authState.clear());

describe('one more entry in the declaration', () => {
  it('becomes a Refine resource with list, create, edit and show routes', () => {
    const all = refineResources(defs);
    expect(all.map((r) => r.name)).toEqual([...Object.keys(resources), 'coupons']);
    expect(all.find((r) => r.name === 'coupons')).toEqual({
      name: 'coupons', list: '/account/coupon', create: '/account/coupon/create',
      edit: '/account/coupon/edit/:id', show: '/account/coupon/show/:id',
      meta: { label: '优惠券', canDelete: true },
    });
    // The entries already there are unchanged by the addition.
    expect(all.filter((r) => r.name !== 'coupons')).toEqual(refineResources(resources));
  });

  it('gets its four routes, each rendering a generated page for it', () => {
    const routes = resourceRoutes(defs) as ReactElement<{ path: string; element: ReactElement }>[];
    const mine = routes.filter((r) => r.props.path.startsWith('/account/coupon'));
    expect(mine.map((r) => r.props.path)).toEqual(['/account/coupon', '/account/coupon/create', '/account/coupon/edit/:id', '/account/coupon/show/:id']);
    const screens = mine.map((r) => pageOf(r.props.element));
    for (const screen of screens) {
      expect(screen.props.name).toBe('coupons');
      expect(screen.props.def).toBe(coupons);
    }
    expect(screens.map((e) => e.props.action)).toEqual([undefined, 'create', 'edit', undefined]);
    expect(routes.length).toBe(resourceRoutes(resources).length + 4);
  });

  it('gets its menu item in its section, in order, for the roles that may see it', () => {
    const withCoupons = { ...sections, finance: { ...sections.finance, items: [...sections.finance.items, 'coupons'] } };
    const finance = (role: 'sup' | 'customer') =>
      buildMenu(withCoupons, [defs, pages], role, role === 'sup' ? '*' : undefined).find((s) => s.key === 'finance')!.items.map((i) => [i.label, i.route]);
    expect(finance('sup')).toEqual([['财务明细', '/account/detail'], ['充值记录', '/account/record'], ['优惠券管理', '/account/coupon']]);
    expect(finance('customer')).toEqual([['财务明细', '/account/detail'], ['账户充值', '/account/recharge'], ['充值记录', '/account/record']]);
  });

  it('is answered by the access control from the same declaration', async () => {
    const table = resources as Record<string, ResourceDef>;
    table.coupons = coupons;
    try {
      authState.setType('sup');
      await expect(accessControlProvider.can({ resource: 'coupons', action: 'delete' })).resolves.toEqual({ can: true });
      authState.setType('user');
      await expect(accessControlProvider.can({ resource: 'coupons', action: 'list' })).resolves.toMatchObject({ can: false });
    } finally {
      delete table.coupons;
    }
  });

  it('gets a working list screen from the entry alone', async () => {
    server.on('POST /api/coupon/data', {
      data: { list: [{ id: 5, code: 'VIP-2024', amount: 20, used: false, create_at: '2024-05-01 12:00:00' }], total: 1 },
    });
    const table = resources as Record<string, ResourceDef>;
    table.coupons = coupons;
    try {
      authState.setType('sup');
      // The app's own access control, reading resources.config.ts, as App.tsx wires it.
      renderConsole({ defs, url: '/account/coupon?f_used=false', role: 'sup', accessControl: accessControlProvider });
      await screen.findByText('VIP-2024');
      expect(screen.getByText('优惠券管理')).toBeTruthy();
      expect(headers()).toEqual(['ID', '券码', '面额', '已使用', '创建时间', '操作']);
      expect(cells(rows()[0]).slice(0, 5)).toEqual(['5', 'VIP-2024', '$20.00', '否', '2024-05-01 12:00:00']);
      const labels = [...searchForm().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
      expect(labels).toEqual(['券码', '面额', '已使用', '创建时间']);
      expect(server.calls('POST /api/coupon/data')[0].body).toEqual({ used: false });
      await waitFor(() => expect(within(rows()[0]).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['查看', '编辑', '删除']));
      expect(screen.getByRole('button', { name: /新建/ })).toBeTruthy();
    } finally {
      delete table.coupons;
    }
  });
});
