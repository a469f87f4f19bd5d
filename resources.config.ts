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
      tx_hash: { label: '交易哈希', type: 'text', readonly: true, list: true, search: 'contains' },
    },
  },
  usdt: {
    label: 'USDT 充值订单', api: 'usdt', table: 'usdt_orders', route: '/account/recharge/orders',
    access: { list: 'own', show: 'own' },
    ownerField: 'user_id',
    defaultSort: newestFirst,
    fields: {
      id,
      user_id: owner,
      amount: { label: '支付金额(USDT)', type: 'money', readonly: true, list: true, sort: true },
      requested: { label: '充值金额', type: 'money', readonly: true, list: true },
      state: {
        label: '状态', type: 'enum', readonly: true, list: true, search: 'eq',
        options: {
          waiting: { label: '待支付', color: 'blue' },
          confirming: { label: '确认中', color: 'gold' },
          paid: { label: '已到账', color: 'green' },
          expired: { label: '已过期', color: 'default' },
          cancelled: { label: '已取消', color: 'default' },
        },
      },
      create_at: created,
      expires_at: { label: '过期时间', type: 'datetime', readonly: true, list: true },
      paid_at: { label: '到账时间', type: 'datetime', readonly: true, list: true, sort: true },
      address: { label: '收款地址', type: 'text', readonly: true },
      from: { label: '付款地址', type: 'text', readonly: true },
      tx_hash: { label: '交易哈希', type: 'text', readonly: true, list: true, search: 'contains' },
    },
    actions: [{ name: 'usdtPay', label: '查看', access: 'customer' }],
  },
  transfers: {
    label: '未匹配转账', api: 'transfer', table: 'usdt_transfers', route: '/system/transfer',
    menu: { section: 'system', label: '未匹配转账', icon: 'SwapOutlined', order: 5, visible: 'sup' },
    access: { list: 'sup', show: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      amount: { label: '金额(USDT)', type: 'money', readonly: true, list: true, sort: true },
      block_time: { label: '转账时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
      reason: {
        label: '未匹配原因', type: 'enum', readonly: true, list: true, search: 'eq',
        options: {
          no_order: { label: '无对应订单', color: 'orange' },
          late: { label: '订单过期后到账', color: 'orange' },
          cancelled: { label: '订单取消后到账', color: 'orange' },
          paid_twice: { label: '订单已支付(重复付款)', color: 'red' },
          fraction: { label: '金额含分以下小数', color: 'default' },
        },
      },
      order_id: { label: '相关订单', type: 'int', readonly: true, list: true },
      state: {
        label: '状态', type: 'enum', readonly: true, list: true, search: 'eq',
        options: { unmatched: { label: '待处理', color: 'red' }, attached: { label: '已入账', color: 'green' } },
      },
      user_id: { label: '入账用户', type: 'ref', ref: { resource: 'users', labelField: 'username' }, readonly: true, list: true, search: 'eq' },
      from: { label: '付款地址', type: 'text', readonly: true, list: true, search: 'contains' },
      tx_hash: { label: '交易哈希', type: 'text', readonly: true, list: true, search: 'contains' },
      address: { label: '收款地址', type: 'text', readonly: true },
      value: { label: '链上数值', type: 'text', readonly: true, help: '以 10^-6 USDT 为单位' },
      attached_at: { label: '入账时间', type: 'datetime', readonly: true },
      create_at: { ...created, label: '发现时间' },
    },
    actions: [{ name: 'transferAttach', label: '入账', access: 'sup' }],
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
    route: '/account/recharge', label: '账户充值', access: 'customer',
    menu: { section: 'finance', label: '账户充值', icon: 'WalletOutlined', order: 2, visible: 'customer' },
  },
  usdt: { route: '/account/usdt', label: 'USDT 支付', access: 'customer' },
  usdtConfig: {
    route: '/system/usdt', label: 'USDT 设置', access: 'sup',
    menu: { section: 'system', label: 'USDT 设置', icon: 'DollarOutlined', order: 4, visible: 'sup' },
  },
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

/** The USDT (TRC20) top-up settings a sup edits under 系统设置 (stored in the settings table). */
export const usdtSettingsFields = {
  enabled: { label: '开放 USDT 充值', type: 'bool', default: false, help: '关闭后客户不能新建充值订单；已有订单仍会继续到账' },
  address: {
    label: '收款地址', type: 'text', max: 34, pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    patternMessage: '收款地址应为 T 开头的 34 位 TRON 地址', help: 'TRC20 USDT 的收款地址（T 开头）',
  },
  min_amount: { label: '最小充值金额', type: 'money', min: 0.01, max: 1_000_000, default: 10 },
  max_amount: { label: '最大充值金额', type: 'money', min: 0.01, max: 1_000_000, default: 10_000 },
  expire_minutes: { label: '订单有效期(分钟)', type: 'int', min: 5, max: 120, default: 15 },
  grace_minutes: {
    label: '金额保留期(分钟)', type: 'int', min: 5, max: 1440, default: 60,
    help: '订单过期后，其支付金额在这段时间内不会分配给新订单，以免迟到的付款记错人',
  },
  wait_confirm: { label: '等待区块确认后入账', type: 'bool', default: true, help: '确认约需 1 分钟（约 19 个区块），可防止回滚的交易被入账' },
  poll_seconds: { label: '查询间隔(秒)', type: 'int', min: 3, max: 60, default: 5, help: '有待支付订单时查询链上数据的间隔；TRON 约 3 秒出一个块' },
  api_url: {
    label: 'API 地址', type: 'text', max: 200, default: 'https://api.trongrid.io',
    pattern: '^https?://[^\\s/?#]+(:\\d+)?(/[^\\s?#]*)?$', patternMessage: 'API 地址应为 http(s):// 开头的网址',
  },
  api_key: { label: 'API Key', type: 'password', max: 100, writeOnly: true, help: 'TronGrid 的 TRON-PRO-API-KEY；留空则不修改' },
  contract: {
    label: 'USDT 合约地址', type: 'text', max: 34, default: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$', patternMessage: '合约地址应为 T 开头的 34 位 TRON 地址',
    help: '主网 USDT 合约，一般无需修改（测试网的合约不同）',
  },
} satisfies Record<string, FieldDef>;
