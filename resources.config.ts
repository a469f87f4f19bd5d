/**
 * The declaration of every entity: read by the console (resources, routes, menu, columns, filters,
 * forms, access control) and by the server (validation, role checks, row scoping).
 * Pure data and types: no React, no Node. Icons and renderers are named by string.
 */

/** Who is asking: a sup, or any other logged-in user (a customer). */
export type Role = 'sup' | 'customer';

/**
 * Named access rules.
 * - sup: super administrators only.
 * - customer: non-sup users only.
 * - any: every logged-in user, on all rows.
 * - own: every logged-in user; a customer only on rows whose owner field is theirs.
 */
export type AccessRule = 'sup' | 'customer' | 'any' | 'own';
export type Action = 'list' | 'show' | 'add' | 'edit' | 'del';

export type FieldType =
  | 'text' | 'textarea' | 'password' | 'html'
  | 'int' | 'money' | 'bool' | 'enum' | 'datetime' | 'ref';

export interface EnumOption { label: string; color?: string }

export interface FieldDef {
  label: string;
  type: FieldType;
  /** Required on add (and may not be emptied on edit). */
  required?: boolean;
  /** Length for text types, value for int and money. */
  min?: number;
  max?: number;
  /** A regular expression the value must match, and the message when it does not. */
  pattern?: string;
  patternMessage?: string;
  options?: Record<string, EnumOption>;
  /** For ref: the resource pointed at and the field shown as its name. */
  ref?: { resource: string; labelField: string };
  /** Shown as a list column. */
  list?: boolean;
  sort?: boolean;
  /** How the field filters the list: exact value, substring, or a [from, to] range. */
  search?: 'eq' | 'contains' | 'range';
  /** Never written through add/edit (computed or set by domain calls). */
  readonly?: boolean;
  /** Accepted on add/edit, never sent out. */
  writeOnly?: boolean;
  /** Only on add (e.g. a login name that never changes). */
  createOnly?: boolean;
  /** Shown to (and filterable by) sup only. */
  supOnly?: boolean;
  default?: string | number | boolean;
  /** Form hint shown under the input. */
  help?: string;
  /** Money that is a credit or a debit: shown green with + or red with -. */
  signed?: boolean;
}

export type SectionKey = 'system' | 'account' | 'items' | 'finance';

export interface MenuEntry {
  section: SectionKey;
  /** A label, or one label for sup and another for everyone else. */
  label: string | { sup: string; customer: string };
  icon: string;
  order: number;
  /** Who sees it in the menu (the server still checks every call). */
  visible: AccessRule;
}

/** A row action implemented by a named component that the app registers. */
export interface RowAction { name: string; label: string; access: AccessRule }

export interface ResourceDef {
  label: string;
  /** `/api/<api>/data|detail|add|edit|del` */
  api: string;
  table: string;
  route: string;
  menu?: MenuEntry;
  access: Partial<Record<Action, AccessRule>>;
  /** The column that says whose row it is, for the 'own' rule. */
  ownerField?: string;
  fields: Record<string, FieldDef>;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  actions?: RowAction[];
}

/** A hand-written screen: it has a route and maybe a menu item, but no generated CRUD. */
export interface PageDef {
  route: string;
  label: string;
  menu?: MenuEntry;
  /** Who may open it (the console guard; the server guards the calls it makes). */
  access: AccessRule | 'public';
  /** The feature arrives in a later release: the page says so instead of pretending. */
  pending?: boolean;
}

export const sections: Record<SectionKey, { label: string; icon: string; order: number }> = {
  system: { label: '系统设置', icon: 'SettingOutlined', order: 1 },
  account: { label: '账户管理', icon: 'UserOutlined', order: 2 },
  items: { label: '接码中心', icon: 'MessageOutlined', order: 3 },
  finance: { label: '财务管理', icon: 'AccountBookOutlined', order: 4 },
};

const id = { label: 'ID', type: 'int', readonly: true, list: true, sort: true } as const;
const newestFirst = { field: 'id', order: 'desc' } as const;
const amount = { label: '金额', type: 'money', readonly: true, list: true, sort: true } as const;
const signedAmount = { ...amount, signed: true } as const;
const created = { label: '创建时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' } as const;
const owner = {
  label: '用户', type: 'ref', ref: { resource: 'users', labelField: 'username' },
  readonly: true, list: true, search: 'eq', supOnly: true,
} as const;

export const resources = {
  users: {
    label: '用户', api: 'user', table: 'users', route: '/user/index',
    menu: { section: 'account', label: '用户列表', icon: 'TeamOutlined', order: 1, visible: 'sup' },
    access: { list: 'sup', show: 'sup', add: 'sup', edit: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      username: {
        label: '用户名', type: 'text', required: true, min: 3, max: 32, createOnly: true,
        pattern: '^[A-Za-z0-9_]+$', patternMessage: '用户名只能包含字母、数字和下划线',
        list: true, sort: true, search: 'contains',
      },
      password: {
        label: '密码', type: 'password', required: true, min: 8, max: 128, writeOnly: true,
        help: '编辑时留空则不修改',
      },
      type: {
        label: '类型', type: 'enum', required: true, default: 'user', list: true, search: 'eq',
        options: { sup: { label: '管理员', color: 'red' }, user: { label: '普通用户', color: 'blue' } },
      },
      status: {
        label: '状态', type: 'enum', required: true, default: 'active', list: true, search: 'eq',
        options: { active: { label: '正常', color: 'green' }, disabled: { label: '禁用', color: 'default' } },
      },
      balance: { label: '余额', type: 'money', readonly: true, list: true, sort: true },
      email: { label: '邮箱', type: 'text', max: 100, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', patternMessage: '邮箱格式不正确', list: true },
      tg: { label: 'Telegram', type: 'text', max: 64, list: true },
      create_at: created,
      login_at: { label: '最后登录', type: 'datetime', readonly: true, list: true, sort: true },
      login_count: { label: '登录次数', type: 'int', readonly: true, list: true },
      login_ip: { label: '登录IP', type: 'text', readonly: true, list: true },
    },
    actions: [
      { name: 'userMoney', label: '余额调整', access: 'sup' },
      { name: 'userSwitch', label: '切换到该用户', access: 'sup' },
    ],
  },
  notices: {
    label: '公告', api: 'notice', table: 'notices', route: '/system/notice',
    menu: { section: 'system', label: '公告列表', icon: 'NotificationOutlined', order: 2, visible: 'sup' },
    access: { list: 'sup', show: 'sup', add: 'sup', edit: 'sup', del: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      title: { label: '标题', type: 'text', required: true, max: 100, list: true, search: 'contains' },
      content: { label: '内容', type: 'html', required: true, max: 20000, list: true },
      popup: { label: '弹窗公告', type: 'bool', default: false, list: true, search: 'eq', help: '开启后登录时弹窗显示最新一条' },
      day: { label: '提醒间隔(天)', type: 'int', min: 0, max: 365, default: 1, list: true, help: '用户点“不再提醒”后，隔多少天再次弹出' },
      create_at: created,
    },
  },
  ledger: {
    label: '财务明细', api: 'finance', table: 'ledger', route: '/account/detail',
    menu: { section: 'finance', label: '财务明细', icon: 'ProfileOutlined', order: 1, visible: 'any' },
    access: { list: 'own', show: 'own' },
    ownerField: 'user_id',
    defaultSort: newestFirst,
    fields: {
      id,
      user_id: owner,
      type: {
        label: '类型', type: 'enum', readonly: true, list: true, search: 'eq',
        options: {
          recharge_auto: { label: '自动充值', color: 'green' },
          recharge_manual: { label: '人工充值', color: 'orange' },
          debit_manual: { label: '人工扣款', color: 'red' },
          order: { label: '订单消费', color: 'blue' },
          refund: { label: '退款', color: 'purple' },
        },
      },
      amount: signedAmount,
      balance_before: { label: '变动前余额', type: 'money', readonly: true, list: true },
      balance_after: { label: '变动后余额', type: 'money', readonly: true, list: true },
      remark: { label: '备注', type: 'text', readonly: true, list: true, search: 'contains' },
      create_at: created,
    },
  },
  recharges: {
    label: '充值记录', api: 'recharge', table: 'recharges', route: '/account/record',
    menu: { section: 'finance', label: '充值记录', icon: 'HistoryOutlined', order: 3, visible: 'any' },
    access: { list: 'own', show: 'own' },
    ownerField: 'user_id',
    defaultSort: newestFirst,
    fields: {
      id,
      user_id: owner,
      type: {
        label: '方式', type: 'enum', readonly: true, list: true, search: 'eq',
        options: {
          auto: { label: 'USDT 自动', color: 'green' }, manual: { label: '人工充值', color: 'orange' },
          deduct: { label: '人工扣款', color: 'red' },
        },
      },
      amount: signedAmount,
      remark: { label: '备注', type: 'text', readonly: true, list: true },
      create_at: created,
    },
  },
} satisfies Record<string, ResourceDef>;

export type ResourceName = keyof typeof resources;

/** Hand-written screens, in menu order within their sections. */
export const pages = {
  home: { route: '/home', label: '首页', access: 'any' },
  connect: {
    route: '/system/connect', label: '联系方式', access: 'sup',
    menu: { section: 'system', label: '联系方式', icon: 'PhoneOutlined', order: 1, visible: 'sup' },
  },
  group: {
    route: '/system/group', label: '分组配置', access: 'sup', pending: true,
    menu: { section: 'system', label: '分组配置', icon: 'ClusterOutlined', order: 3, visible: 'sup' },
  },
  discount: {
    route: '/user/discount', label: '用户折扣', access: 'sup', pending: true,
    menu: { section: 'account', label: '用户折扣', icon: 'PercentageOutlined', order: 2, visible: 'sup' },
  },
  info: {
    route: '/user/info', label: '修改信息', access: 'any',
    menu: { section: 'account', label: '修改信息', icon: 'EditOutlined', order: 3, visible: 'any' },
  },
  goods: {
    route: '/items/goods', label: 'API管理', access: 'sup', pending: true,
    menu: { section: 'items', label: 'API管理', icon: 'AppstoreOutlined', order: 1, visible: 'sup' },
  },
  store: {
    route: '/items/store', label: 'API商城', access: 'any', pending: true,
    menu: { section: 'items', label: 'API商城', icon: 'ShopOutlined', order: 2, visible: 'customer' },
  },
  orders: {
    route: '/items/order/record', label: '订单记录', access: 'any', pending: true,
    menu: { section: 'items', label: '订单记录', icon: 'OrderedListOutlined', order: 3, visible: 'any' },
  },
  augments: { route: '/items/augment/record', label: '续费记录', access: 'any', pending: true },
  resets: {
    route: '/items/reset/record', label: '重提记录', access: 'any', pending: true,
    menu: { section: 'items', label: '重提记录', icon: 'RedoOutlined', order: 4, visible: 'any' },
  },
  codes: {
    route: '/items/api/record', label: '接码记录', access: 'any', pending: true,
    menu: { section: 'items', label: '接码记录', icon: 'MailOutlined', order: 5, visible: 'any' },
  },
  tokens: {
    route: '/items/api/token', label: 'API', access: 'any', pending: true,
    menu: { section: 'items', label: { sup: '他的API', customer: '我的API' }, icon: 'ApiOutlined', order: 6, visible: 'any' },
  },
  recharge: {
    route: '/account/recharge', label: '账户充值', access: 'customer', pending: true,
    menu: { section: 'finance', label: '账户充值', icon: 'WalletOutlined', order: 2, visible: 'customer' },
  },
  usdt: { route: '/account/usdt', label: 'USDT 支付', access: 'customer', pending: true },
} satisfies Record<string, PageDef>;

/** The one place that says whether a role passes a rule. */
export function allows(rule: AccessRule | 'public' | undefined, role: Role | undefined): boolean {
  if (rule === 'public') return true;
  if (!rule || !role) return false;
  if (rule === 'sup') return role === 'sup';
  if (rule === 'customer') return role === 'customer';
  return true;
}

/** Any type other than 'sup' is an ordinary user. */
export function roleOf(type: string | null | undefined): Role | undefined {
  if (!type) return undefined;
  return type === 'sup' ? 'sup' : 'customer';
}
