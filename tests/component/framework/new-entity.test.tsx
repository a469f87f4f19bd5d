/**
 * A new entity needs one entry in the declaration (and its name in a menu section) and no page code:
 * the same entry gives it its Refine resource, its routes, its menu item, its access answers and its
 * screens.
 */
import { isValidElement, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { pages, resources, sections, type ResourceDef } from '../../../resources.config';
import type { SectionDef } from '../../../src/framework/declaration';
import { refineResources } from '../../../src/framework/resources';
import { resourceRoutes } from '../../../src/framework/routes';
import { buildMenu } from '../../../src/framework/menu';
import { accessControlProvider } from '../../../src/providers/access-control';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';
import { preloadPages, renderConsole } from './harness';
import { headers, rows, cells } from './list-helpers';

/**
 * The example's API name: coupon, or coupon2, coupon3… when the declaration already has one
 * (`npm run new:entity -- coupon` declares coupons at /system/coupon).
 */
function unusedApi(stem: string): string {
  const taken = (api: string) =>
    `${api}s` in resources || Object.values(resources).some((d) => d.api === api || d.route === `/account/${api}`);
  let api = stem;
  for (let n = 2; taken(api); n++) api = `${stem}${n}`;
  return api;
}
const api = unusedApi('coupon');
const name = `${api}s`;
const route = `/account/${api}`;

const coupons: ResourceDef = {
  label: '优惠券',
  api,
  table: name,
  route,
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
const declared: Record<string, ResourceDef> = resources;
const defs: Record<string, ResourceDef> = { ...declared, [name]: coupons };

/** The record pages a resource's access allows: create with add, edit with edit, show with show. */
const recordPages = (def: ResourceDef) => [
  ...(def.access.add ? [{ kind: 'create', path: `${def.route}/create`, rule: def.access.add }] : []),
  ...(def.access.edit ? [{ kind: 'edit', path: `${def.route}/edit/:id`, rule: def.access.edit }] : []),
  ...(def.access.show ? [{ kind: 'show', path: `${def.route}/show/:id`, rule: def.access.show }] : []),
];

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
    expect(all.find((r) => r.name === name)).toEqual({
      name,
      list: route,
      create: `${route}/create`,
      edit: `${route}/edit/:id`,
      show: `${route}/show/:id`,
      meta: { label: '优惠券', canDelete: true },
    });
    // Every declared resource is one too, in the declared order, with the record pages its access allows
    // (some allow fewer than three: a read-only list has no create or edit).
    expect(all.map((r) => r.name)).toEqual([...Object.keys(resources), name]);
    expect(Object.values(declared).some((def) => recordPages(def).length < 3)).toBe(true);
    for (const [n, def] of Object.entries(declared)) {
      expect(all.find((r) => r.name === n)).toEqual({
        name: n,
        list: def.route,
        ...Object.fromEntries(recordPages(def).map((p) => [p.kind, p.path])),
        meta: { label: def.label, canDelete: Boolean(def.access.del) },
      });
    }
    // The entries already there are unchanged by the addition.
    expect(all.filter((r) => r.name !== name)).toEqual(refineResources(resources));
  });

  it('gets its four routes, each rendering a generated page for it', () => {
    const routes = resourceRoutes(defs) as ReactElement<{ path: string; element: ReactElement<{ rule?: string }> }>[];
    const seen = routes.map((r) => ({ path: r.props.path, page: pageOf(r.props.element), rule: r.props.element.props.rule }));
    const mine = seen.filter((r) => r.page.props.name === name);
    expect(mine.map((r) => r.path)).toEqual([route, `${route}/create`, `${route}/edit/:id`, `${route}/show/:id`]);
    for (const { page } of mine) expect(page.props.def).toBe(coupons);
    expect(mine.map((r) => r.page.props.action)).toEqual([undefined, 'create', 'edit', undefined]);
    // Every declared resource gets its list and the record pages its access allows, each its own
    // generated page behind that action's rule.
    expect(seen.map((r) => ({ path: r.path, name: r.page.props.name, action: r.page.props.action, rule: r.rule }))).toEqual(
      Object.entries(defs).flatMap(([n, def]) => [
        { path: def.route, name: n, action: undefined, rule: def.access.list },
        ...recordPages(def).map((p) => ({ path: p.path, name: n, action: p.kind === 'show' ? undefined : p.kind, rule: p.rule })),
      ]),
    );
    for (const { page } of seen) expect(page.props.def).toBe(defs[page.props.name!]);
  });

  it('gets its menu item in its section, in order, for the roles that may see it', () => {
    const withCoupons = { ...sections, finance: { ...sections.finance, items: [...sections.finance.items, name] } };
    const finance = (menu: Record<string, SectionDef>, role: 'sup' | 'customer') =>
      buildMenu(menu, [defs, pages], role, role === 'sup' ? '*' : undefined)
        .find((s) => s.key === 'finance')!
        .items.map((i) => [i.label, i.route]);
    expect(finance(sections, 'sup')[0]).toEqual(['财务明细', '/account/detail']);
    expect(finance(withCoupons, 'sup')).toEqual([...finance(sections, 'sup'), ['优惠券管理', route]]);
    expect(finance(sections, 'customer')).toContainEqual(['账户充值', '/account/recharge']);
    expect(finance(withCoupons, 'customer')).toEqual(finance(sections, 'customer'));
  });

  it('is answered by the access control from the same declaration', async () => {
    const table = resources as Record<string, ResourceDef>;
    table[name] = coupons;
    try {
      authState.setType('sup');
      await expect(accessControlProvider.can({ resource: name, action: 'delete' })).resolves.toEqual({ can: true });
      authState.setType('user');
      await expect(accessControlProvider.can({ resource: name, action: 'list' })).resolves.toMatchObject({ can: false });
    } finally {
      delete table[name];
    }
  });

  it('gets a working list screen from the entry alone', async () => {
    server.on(`POST /api/${api}/data`, {
      data: { list: [{ id: 5, code: 'VIP-2024', amount: 20, used: false, create_at: '2024-05-01 12:00:00' }], total: 1 },
    });
    const table = resources as Record<string, ResourceDef>;
    table[name] = coupons;
    try {
      authState.setType('sup');
      // The app's own access control, reading resources.config.ts, as App.tsx wires it.
      renderConsole({ defs, url: `${route}?f_used=false`, role: 'sup', accessControl: accessControlProvider });
      await screen.findByText('VIP-2024');
      expect(screen.getByText('优惠券管理')).toBeTruthy();
      expect(headers()).toEqual(['ID', '券码', '面额', '已使用', '创建时间', '操作']);
      expect(cells(rows()[0]).slice(0, 5)).toEqual(['5', 'VIP-2024', '$20.00', '否', '2024-05-01 12:00:00']);
      // The filters' form arrives after the list's first paint (its code is fetched once the page is quiet).
      const form = await screen.findByRole('search');
      const labels = [...form.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
      expect(labels).toEqual(['券码', '面额', '已使用', '创建时间']);
      expect(server.calls(`POST /api/${api}/data`)[0].body).toEqual({ used: false });
      await waitFor(() =>
        expect(
          within(rows()[0])
            .getAllByRole('button')
            .map((b) => b.textContent?.trim()),
        ).toEqual(['查看', '编辑', '删除']),
      );
      expect(screen.getByRole('button', { name: /新建/ })).toBeTruthy();
    } finally {
      delete table[name];
    }
  });
});
