/**
 * The product's declaration: every entity (its fields, list, search and sort, access rules, menu
 * item), the hand-written screens, and the menu. Read by the console (resources, routes, menu,
 * columns, filters, forms, access control) and by the server (validation, role checks, row scoping).
 * Pure data: no React, no Node. The language it is written in is the framework's
 * (src/framework/declaration); the entities are declared by area in src/resources/*.ts, and every name
 * they use (an action, an icon, a ref, a field, a menu entry) is checked by the compiler.
 */
import { accounts } from './src/resources/accounts';
import { catalog } from './src/resources/catalog';
import { agents } from './src/resources/agents';
import { content } from './src/resources/content';
import { declare } from './src/resources/declare';
import { finance } from './src/resources/finance';
import { payments } from './src/resources/payments';
import { intake } from './src/resources/intake';
import { links } from './src/resources/links';
import { devices } from './src/resources/devices';
import { webhooks } from './src/resources/webhooks';
import { audit } from './src/resources/audit';
import { resellers } from './src/resources/resellers';

export { allows, grantsOf, roleOf } from './src/framework/declaration';
export type { AccessRule, Action, FieldDef, Grant, Grants, PageDef, ResourceDef, Role } from './src/framework/declaration';
export { staffRoles, type StaffRole } from './src/resources/staff';
export { evmChainFields, usdtSettingsFields } from './src/resources/finance';
export { EPAY_TYPES, epaySettingsFields } from './src/resources/payments';
export { resellerSiteFields, resellerTransferFields } from './src/resources/resellers';
export { linkStates } from './src/resources/link-states';
export type { CheckAnswer, CheckRow } from './src/resources/number-checks';

/**
 * Every entity, declared by area in src/resources/<area>.ts; its row and toolbar actions are in
 * src/resources/<name>/ (the links' in src/resources/links/). An area's refs point at its own resources or at those of the areas it names
 * (the devices stand alone; the catalog refers to them; accounts to the catalog; links to both;
 * finance to accounts; intake to links and devices), so each ref is checked where it is written.
 */
export const resources = {
  ...accounts,
  ...content,
  ...devices,
  ...catalog,
  ...agents,
  ...links,
  ...finance,
  ...payments,
  ...intake,
  ...audit,
  ...webhooks,
  ...resellers,
};

export type ResourceName = keyof typeof resources;

/** Hand-written screens (src/pages): a route, who may open it, and maybe a menu item. */
export const pages = declare.pages({
  home: { route: '/home', label: '首页', access: 'any', firstCalls: ['/api/statistics/index', '/api/notice/recent', '/api/config/index'] },
  connect: {
    route: '/system/connect',
    label: '联系方式',
    access: 'sup',
    menu: { label: '联系方式', icon: 'PhoneOutlined', visible: 'sup' },
  },
  info: {
    route: '/user/info',
    label: '修改信息',
    access: 'any',
    menu: { label: '修改信息', icon: 'EditOutlined', visible: 'any' },
  },
  store: {
    route: '/items/store',
    label: 'API商城',
    access: 'any',
    // The products' first page as src/pages/store/api.ts asks for it.
    firstCalls: [{ method: 'POST', url: '/api/store/data', data: {}, params: { page: 1, pageSize: 100 } }],
    menu: { label: 'API商城', icon: 'ShopOutlined', visible: 'customer' },
  },
  recharge: {
    route: '/account/recharge',
    label: '账户充值',
    access: 'customer',
    menu: { label: '账户充值', icon: 'WalletOutlined', visible: 'customer' },
  },
  usdt: { route: '/account/usdt', label: 'USDT 支付', access: 'customer' },
  usdtConfig: {
    route: '/system/usdt',
    label: 'USDT 设置',
    access: 'sup:money',
    menu: { label: 'USDT 设置', icon: 'DollarOutlined', visible: 'sup:money' },
  },
  epayConfig: {
    route: '/system/epay',
    label: '支付宝/微信设置',
    access: 'sup:money',
    menu: { label: '支付宝/微信设置', icon: 'WalletOutlined', visible: 'sup:money' },
  },
  deviceCreate: { route: '/system/device/create', label: '新建设备', access: 'sup:intake' },
  resellerSite: {
    route: '/reseller/site',
    label: '我的分站',
    access: 'customer:reseller',
    menu: { label: '我的分站', icon: 'ApartmentOutlined', visible: 'customer:reseller' },
  },
});

/**
 * The menu: its sections in the order they show, each listing its entries (resources and pages with a
 * `menu`) in the order they show. A role sees the entries its `menu.visible` allows; an empty section
 * is left out.
 */
export const sections = declare.sections(
  { ...resources, ...pages },
  {
    system: {
      label: '系统设置',
      icon: 'SettingOutlined',
      items: [
        'connect',
        'notices',
        'groups',
        'usdtConfig',
        'epayConfig',
        'transfers',
        'providers',
        'devices',
        'device_numbers',
        'messages',
        'audit',
      ],
    },
    account: { label: '账户管理', icon: 'UserOutlined', items: ['users', 'discounts', 'info'] },
    items: {
      label: '接码中心',
      icon: 'MessageOutlined',
      items: ['goods', 'services', 'aggregator', 'store', 'orders', 'resets', 'records', 'tokens', 'delivery', 'agent_activation'],
    },
    finance: { label: '财务管理', icon: 'AccountBookOutlined', items: ['ledger', 'recharge', 'recharges'] },
    reseller: { label: '分站', icon: 'ApartmentOutlined', items: ['resellers', 'resellerSite', 'reseller_prices', 'profits'] },
  },
);
