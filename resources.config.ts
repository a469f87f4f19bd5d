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
  | 'int' | 'money' | 'bool' | 'enum' | 'datetime' | 'ref'
  /** A number with at most two decimals (a rate such as 0.85), stored as hundredths. */
  | 'decimal';

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

/** A button above a list, implemented by a named component the app registers; it gets the list's filters and ticked rows. */
export interface ToolbarAction { name: string; label: string; access: AccessRule }

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
  /** Buttons above the list (registry.toolbarAction), given the current filters and the ticked row ids. */
  toolbar?: ToolbarAction[];
  /** Rows can be ticked (a checkbox column; a box on each phone card) for the toolbar's actions. */
  selectable?: boolean;
  /** The list refetches by itself every `seconds` while the page is visible, quietly (no spinner). */
  live?: { seconds: number };
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
const goodsRef = { label: '商品', type: 'ref', ref: { resource: 'goods', labelField: 'title' }, readonly: true, list: true, search: 'eq' } as const;
const linkRef = { label: '链接', type: 'ref', ref: { resource: 'tokens', labelField: 'identifier' }, readonly: true, search: 'eq' } as const;
// max gives the column room for a whole phone number (a long mailbox is cut with a tooltip).
const identifier = { label: '号码/邮箱', type: 'text', max: 64, readonly: true, list: true, search: 'contains' } as const;
/** The fields every record about a link starts with (code, reset and renewal records). */
const linkRecord = { id, user_id: owner, token_id: linkRef, identifier, goods_id: goodsRef } as const;
/** A customer's own records (orders, links, code, reset and renewal records): read-only, newest first. */
const ownRecords = {
  access: { list: 'own', show: 'own' }, ownerField: 'user_id', defaultSort: { field: 'create_at', order: 'desc' },
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
      api_key: { label: 'API 密钥', type: 'bool', readonly: true, list: true, help: '是否持有可用的 SMS-Activate 接口密钥' },
      group_id: {
        label: '分组', type: 'ref', ref: { resource: 'groups', labelField: 'name' }, list: true, search: 'eq',
        help: '不选则加入默认分组',
      },
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
      { name: 'userApiKeyRevoke', label: '撤销密钥', access: 'sup' },
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
  groups: {
    label: '分组', api: 'group', table: 'groups', route: '/system/group',
    menu: { section: 'system', label: '分组配置', icon: 'ClusterOutlined', order: 3, visible: 'sup' },
    access: { list: 'sup', show: 'sup', add: 'sup', edit: 'sup', del: 'sup' },
    defaultSort: { field: 'sort', order: 'asc' },
    fields: {
      id,
      name: { label: '分组名称', type: 'text', required: true, max: 50, list: true, search: 'contains' },
      rate: {
        label: '价格倍率', type: 'decimal', required: true, min: 0.01, max: 1, default: 1, list: true, sort: true,
        help: '用户实付 = 商品价格 × 倍率（0.01 到 1.00，如 0.85 即八五折）',
      },
      is_default: { label: '默认分组', type: 'bool', default: false, list: true, help: '新用户自动加入默认分组，有且只有一个' },
      user_count: { label: '用户数', type: 'int', readonly: true, list: true },
      sort: { label: '排序', type: 'int', min: 0, max: 9999, default: 0, list: true, sort: true, help: '数字小的排在前面' },
      remark: { label: '备注', type: 'text', max: 255, list: true },
      create_at: created,
    },
  },
  discounts: {
    label: '用户折扣', api: 'discount', table: 'discounts', route: '/user/discount',
    menu: { section: 'account', label: '用户折扣', icon: 'PercentageOutlined', order: 2, visible: 'sup' },
    access: { list: 'sup', show: 'sup', add: 'sup', edit: 'sup', del: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      user_id: { label: '用户', type: 'ref', ref: { resource: 'users', labelField: 'username' }, required: true, list: true, search: 'eq' },
      goods_id: {
        label: '商品', type: 'ref', ref: { resource: 'goods', labelField: 'title' }, list: true, search: 'eq',
        help: '留空则对该用户的全部商品生效',
      },
      rate: { label: '折扣倍率', type: 'decimal', min: 0.01, max: 1, list: true, help: '与固定价格二选一：商品价格 × 倍率' },
      price: { label: '固定价格', type: 'money', min: 0.01, max: 100_000, list: true, help: '与折扣倍率二选一，只能用于指定商品' },
      start_at: { label: '开始时间', type: 'datetime', list: true, help: '留空则立即生效' },
      end_at: { label: '结束时间', type: 'datetime', list: true, help: '留空则长期有效' },
      remark: { label: '备注', type: 'text', max: 255, list: true },
      create_at: created,
    },
  },
  goods: {
    label: 'API产品', api: 'goods', table: 'goods', route: '/items/goods',
    menu: { section: 'items', label: 'API管理', icon: 'AppstoreOutlined', order: 1, visible: 'sup' },
    // Customers read product names (the product filter of their orders and links); prices are in the store.
    access: { list: 'any', show: 'any', add: 'sup', edit: 'sup', del: 'sup' },
    defaultSort: { field: 'sort', order: 'asc' },
    fields: {
      id,
      title: { label: '标题', type: 'text', required: true, max: 100, list: true, search: 'contains' },
      description: { label: '描述', type: 'html', max: 20000 },
      channel: {
        label: '类型', type: 'enum', required: true, default: 'sms', list: true, search: 'eq',
        options: { sms: { label: '短信', color: 'blue' }, mail: { label: '邮箱', color: 'purple' } },
      },
      service: {
        label: '服务代码', type: 'text', required: true, max: 32, pattern: '^[A-Za-z0-9_]+$',
        patternMessage: '服务代码只能包含字母、数字和下划线', list: true, search: 'eq', help: 'SMS-Activate 服务代码，如 tg、wa',
      },
      country: { label: '国家编号', type: 'int', min: 0, max: 9999, default: 0, list: true, search: 'eq', help: 'SMS-Activate 国家编号，默认 0' },
      price: { label: '价格', type: 'money', required: true, min: 0.01, max: 100_000, list: true, sort: true, supOnly: true },
      valid_hours: { label: '有效期(小时)', type: 'int', required: true, min: 1, max: 87_600, default: 24, list: true },
      receive_limit: {
        label: '接码次数', type: 'int', min: 0, max: 1000, default: 1, list: true,
        help: '每次启用（购买或重提）后可接收的验证码条数，0 为不限',
      },
      reset_limit: { label: '重提次数', type: 'int', min: 0, max: 1000, default: 0, list: true, help: '每个链接可重提（重新等待新验证码）的次数' },
      renew_price: { label: '续费价格(每天)', type: 'money', min: 0, max: 100_000, default: 0, list: true, help: '0 表示不可续费；续费不享受折扣' },
      code_wait_minutes: {
        label: '等码时限(分钟)', type: 'int', min: 0, max: 43_200, default: 0, list: true,
        help: '购买后这么久仍未收到验证码则自动退款，0 为不自动退款',
      },
      min_qty: { label: '最少购买', type: 'int', min: 1, max: 1000, default: 1, list: true },
      max_qty: { label: '最多购买', type: 'int', min: 1, max: 1000, default: 100, list: true },
      on_sale: { label: '上架', type: 'bool', default: true, list: true, search: 'eq', supOnly: true },
      sort: { label: '排序', type: 'int', min: 0, max: 9999, default: 0, list: true, sort: true, supOnly: true, help: '数字小的排在前面' },
      source: {
        label: '来源', type: 'enum', required: true, default: 'stock', list: true, search: 'eq', supOnly: true,
        options: { stock: { label: '库存', color: 'green' }, upstream: { label: '上游', color: 'orange' } },
      },
      match_sender: { label: '发件人匹配', type: 'text', max: 255, supOnly: true, help: '发件人须包含其中之一（用 | 分隔），留空不限' },
      match_keyword: { label: '内容关键词', type: 'text', max: 255, supOnly: true, help: '内容须包含其中之一（用 | 分隔），留空不限' },
      provider_id: {
        label: '上游渠道', type: 'ref', ref: { resource: 'providers', labelField: 'name' }, list: true, search: 'eq', supOnly: true,
        help: '来源为“上游”时必填：从哪个上游渠道购买号码',
      },
      upstream_service: {
        label: '上游服务代码', type: 'text', max: 32, pattern: '^[A-Za-z0-9_]+$', patternMessage: '上游服务代码只能包含字母、数字和下划线',
        supOnly: true, help: '向上游购买时使用的服务代码，留空则与本商品的服务代码相同',
      },
      upstream_country: { label: '上游国家编号', type: 'int', min: 0, max: 9999, supOnly: true, help: '向上游购买时使用的国家编号，留空则与本商品的国家编号相同' },
      upstream_max_price: {
        label: '上游最高价', type: 'decimal', min: 0.01, max: 100_000, supOnly: true,
        help: '每个号码愿意付给上游的最高价格（上游的货币），留空则不限；上游价格更高时不购买并立即退款给客户',
      },
      stock: { label: '可售库存', type: 'int', readonly: true, list: true, sort: true, supOnly: true },
      sold: { label: '已售', type: 'int', readonly: true, list: true, sort: true, supOnly: true },
      create_at: { ...created, supOnly: true },
    },
    actions: [
      { name: 'goodsStock', label: '库存', access: 'sup' },
      { name: 'stockImport', label: '导入库存', access: 'sup' },
    ],
  },
  providers: {
    label: '上游渠道', api: 'provider', table: 'providers', route: '/system/provider',
    menu: { section: 'system', label: '上游渠道', icon: 'ApiOutlined', order: 6, visible: 'sup' },
    access: { list: 'sup', show: 'sup', add: 'sup', edit: 'sup', del: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      name: { label: '名称', type: 'text', required: true, max: 50, list: true, search: 'contains' },
      enabled: { label: '启用', type: 'bool', default: true, list: true, search: 'eq', help: '停用后，使用该渠道的商品暂停购买' },
      balance: { label: '上游余额', type: 'decimal', readonly: true, list: true, help: '上游账户的余额（上游的货币），点“刷新余额”更新' },
      checked_at: { label: '余额更新时间', type: 'datetime', readonly: true, list: true },
      last_error: { label: '最近错误', type: 'text', readonly: true, list: true },
      last_error_at: { label: '错误时间', type: 'datetime', readonly: true, list: true },
      base_url: {
        label: '接口地址', type: 'text', required: true, max: 255, list: true,
        pattern: '^https?://[^\\s/?#]+(:\\d+)?(/[^\\s?#]*)?$', patternMessage: '接口地址应为 http(s):// 开头的网址',
        help: 'SMS-Activate 兼容的 handler_api.php 地址；只填网站地址时自动补上 /stubs/handler_api.php',
      },
      api_key: {
        label: 'API 密钥', type: 'password', required: true, max: 255, writeOnly: true,
        // Providers issue ASCII keys; anything else would also outgrow the sealed column.
        pattern: '^[\\x21-\\x7e]+$', patternMessage: 'API 密钥只能包含英文字母、数字和符号（不含空格）',
        help: '上游账户的 API 密钥，保存后不再显示；编辑时留空则不修改',
      },
      remark: { label: '备注', type: 'text', max: 255, list: true },
      create_at: created,
    },
    actions: [{ name: 'providerBalance', label: '刷新余额', access: 'sup' }],
  },
  stock: {
    label: '库存', api: 'stock', table: 'stock_items', route: '/items/goods/stock',
    access: { list: 'sup', show: 'sup', del: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      goods_id: goodsRef,
      identifier,
      extra: { label: '附加信息', type: 'text', readonly: true, list: true, supOnly: true },
      state: {
        label: '状态', type: 'enum', readonly: true, list: true, search: 'eq',
        options: {
          available: { label: '可售', color: 'green' }, sold: { label: '已售', color: 'blue' },
          disabled: { label: '已停用', color: 'default' }, expired: { label: '已过期', color: 'default' },
          after_sale: { label: '售后', color: 'orange' },
        },
      },
      token_id: { label: '链接ID', type: 'int', readonly: true, list: true, search: 'eq' },
      create_at: created,
    },
    actions: [{ name: 'stockToggle', label: '停用/启用', access: 'sup' }],
    selectable: true,
    toolbar: [
      { name: 'stockImport', label: '导入库存', access: 'sup' },
      { name: 'stockDisable', label: '停用所选', access: 'sup' },
      { name: 'stockEnable', label: '启用所选', access: 'sup' },
    ],
  },
  orders: {
    label: '订单', api: 'order', table: 'orders', route: '/items/order/record',
    menu: { section: 'items', label: '订单记录', icon: 'OrderedListOutlined', order: 3, visible: 'any' },
    ...ownRecords,
    fields: {
      id,
      order_no: { label: '订单号', type: 'text', readonly: true, list: true, search: 'eq' },
      user_id: owner,
      goods_id: goodsRef,
      type: {
        label: '类型', type: 'enum', readonly: true, list: true, search: 'eq',
        options: { buy: { label: '购买', color: 'blue' }, augment: { label: '续费', color: 'cyan' } },
      },
      quantity: { label: '数量', type: 'int', readonly: true, list: true, help: '续费订单为天数' },
      base_price: { label: '原价', type: 'money', readonly: true, supOnly: true },
      unit_price: { label: '单价', type: 'money', readonly: true, list: true },
      rate: { label: '倍率', type: 'decimal', readonly: true, list: true, help: '空表示按固定价格' },
      amount,
      refunded: { label: '已退款', type: 'money', readonly: true, list: true },
      state: {
        label: '状态', type: 'enum', readonly: true, list: true, search: 'eq',
        options: { paid: { label: '已完成', color: 'green' }, partial: { label: '部分退款', color: 'orange' }, refunded: { label: '已退款', color: 'purple' } },
      },
      token_id: { label: '续费链接', type: 'ref', ref: { resource: 'tokens', labelField: 'identifier' }, readonly: true },
      create_at: created,
    },
    actions: [{ name: 'orderRefund', label: '退款', access: 'sup' }],
  },
  tokens: {
    label: 'API链接', api: 'token', table: 'tokens', route: '/items/api/token',
    menu: { section: 'items', label: { sup: '他的API', customer: '我的API' }, icon: 'ApiOutlined', order: 6, visible: 'any' },
    ...ownRecords,
    fields: {
      id,
      user_id: owner,
      identifier,
      goods_id: goodsRef,
      state: {
        label: '状态', type: 'enum', readonly: true, list: true, search: 'eq',
        options: {
          active: { label: '等待验证码', color: 'blue' }, code_received: { label: '已收到验证码', color: 'green' },
          used_up: { label: '次数已用完', color: 'default' }, expired: { label: '已过期', color: 'default' },
          revoked: { label: '已撤销', color: 'red' }, refunded: { label: '已退款', color: 'purple' },
          finished: { label: '已完成', color: 'cyan' },
        },
      },
      last_code: { label: '最新验证码', type: 'text', readonly: true, list: true },
      last_code_at: { label: '收码时间', type: 'datetime', readonly: true, list: true, sort: true },
      received: { label: '已接码', type: 'int', readonly: true, list: true, help: '本次启用后收到的验证码条数' },
      receives_left: { label: '剩余次数', type: 'int', readonly: true, list: true, help: '空表示不限' },
      resets: { label: '已重提', type: 'int', readonly: true },
      reset_limit: { label: '重提上限', type: 'int', readonly: true },
      receive_limit: { label: '接码上限', type: 'int', readonly: true, help: '0 为不限' },
      renewable: { label: '可续费', type: 'bool', readonly: true, help: '产品支持续费，且链接未结束、过期未超过一天、号码未被回收' },
      url: { label: '链接', type: 'text', readonly: true },
      api_url: { label: 'API地址', type: 'text', readonly: true },
      token: { label: '令牌', type: 'text', readonly: true, search: 'eq' },
      order_id: { label: '订单', type: 'ref', ref: { resource: 'orders', labelField: 'order_no' }, readonly: true, search: 'eq' },
      armed_at: { label: '启用时间', type: 'datetime', readonly: true },
      create_at: created,
      // Last, so it is the time column kept in view beside the actions.
      expires_at: { label: '到期时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
    },
    actions: [
      { name: 'tokenReset', label: '重提', access: 'customer' },
      { name: 'tokenRenew', label: '续费', access: 'customer' },
      { name: 'tokenRefund', label: '退款', access: 'sup' },
      { name: 'tokenCopy', label: '复制链接', access: 'any' },
      { name: 'tokenCopyLine', label: '复制号码+链接', access: 'any' },
    ],
    selectable: true,
    toolbar: [
      { name: 'tokenExport', label: '导出TXT', access: 'any' },
      { name: 'tokenCopySelected', label: '复制所选', access: 'any' },
    ],
    // New codes show up without a manual refresh.
    live: { seconds: 5 },
  },
  records: {
    label: '接码记录', api: 'record', table: 'code_records', route: '/items/api/record',
    menu: { section: 'items', label: '接码记录', icon: 'MailOutlined', order: 5, visible: 'any' },
    ...ownRecords,
    fields: {
      ...linkRecord,
      sender: { label: '发件人', type: 'text', readonly: true, list: true },
      code: { label: '验证码', type: 'text', readonly: true, list: true, search: 'eq' },
      text: { label: '内容', type: 'textarea', readonly: true, list: true },
      create_at: { ...created, label: '接收时间' },
    },
    live: { seconds: 5 },
  },
  resets: {
    label: '重提记录', api: 'reset', table: 'reset_records', route: '/items/reset/record',
    menu: { section: 'items', label: '重提记录', icon: 'RedoOutlined', order: 4, visible: 'any' },
    ...ownRecords,
    fields: {
      ...linkRecord,
      create_at: { ...created, label: '重提时间' },
    },
  },
  augments: {
    label: '续费记录', api: 'augment', table: 'augment_records', route: '/items/augment/record',
    ...ownRecords,
    fields: {
      ...linkRecord,
      order_id: { label: '订单', type: 'ref', ref: { resource: 'orders', labelField: 'order_no' }, readonly: true, list: true, search: 'eq' },
      days: { label: '天数', type: 'int', readonly: true, list: true },
      amount,
      expires_before: { label: '原到期时间', type: 'datetime', readonly: true, list: true },
      expires_after: { label: '新到期时间', type: 'datetime', readonly: true, list: true },
      create_at: { ...created, label: '续费时间' },
    },
  },
  devices: {
    label: '设备', api: 'device', table: 'devices', route: '/system/device',
    menu: { section: 'system', label: '设备管理', icon: 'MobileOutlined', order: 7, visible: 'sup' },
    access: { list: 'sup', show: 'sup', add: 'sup', edit: 'sup', del: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      name: { label: '设备名称', type: 'text', required: true, max: 50, list: true, search: 'contains' },
      sim1: {
        label: '卡槽1号码', type: 'text', max: 20, pattern: '^\\+?\\d{5,15}$', patternMessage: '号码只能是 5 到 15 位数字，可带 +',
        list: true, search: 'contains', help: '短信里看不出收件号码时（SIM 备注未填号码），按卡槽归到这个号码',
      },
      sim2: {
        label: '卡槽2号码', type: 'text', max: 20, pattern: '^\\+?\\d{5,15}$', patternMessage: '号码只能是 5 到 15 位数字，可带 +',
        list: true, search: 'contains',
      },
      enabled: { label: '启用', type: 'bool', default: true, list: true, search: 'eq', help: '停用后该设备上报的短信一律拒收' },
      silent: { label: '失联', type: 'bool', readonly: true, list: true, help: '启用中、但超过设定时间没有上报任何短信' },
      last_seen_at: { label: '最后上报', type: 'datetime', readonly: true, list: true, sort: true },
      messages_today: { label: '今日短信', type: 'int', readonly: true, list: true },
      message_count: { label: '短信总数', type: 'int', readonly: true, list: true, sort: true },
      key: { label: '设备标识', type: 'text', readonly: true, search: 'eq' },
      webhook_url: { label: 'Webhook 地址', type: 'text', readonly: true },
      remark: { label: '备注', type: 'text', max: 255, list: true },
      create_at: created,
    },
    actions: [{ name: 'deviceSecret', label: '重置密钥', access: 'sup' }],
  },
  messages: {
    label: '消息', api: 'message', table: 'messages', route: '/system/message',
    menu: { section: 'system', label: '收件箱', icon: 'InboxOutlined', order: 8, visible: 'sup' },
    access: { list: 'sup', show: 'sup', add: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      source: {
        label: '来源', type: 'enum', readonly: true, list: true, search: 'eq',
        options: {
          sms: { label: '短信', color: 'blue' }, mail: { label: '邮件', color: 'purple' },
          upstream: { label: '上游', color: 'orange' }, manual: { label: '手工录入', color: 'default' },
        },
      },
      device_id: { label: '设备', type: 'ref', ref: { resource: 'devices', labelField: 'name' }, readonly: true, list: true, search: 'eq' },
      recipient: {
        label: '收件号码/邮箱', type: 'text', required: true, max: 128, list: true, search: 'contains',
        help: '收到这条短信或邮件的号码或邮箱（库存里的标识）',
      },
      sender: { label: '发件人', type: 'text', max: 100, list: true, search: 'contains', help: '选填：商品设了发件人匹配时需要' },
      text: { label: '内容', type: 'textarea', required: true, max: 5000, list: true, search: 'contains' },
      code: { label: '验证码', type: 'text', readonly: true, list: true, search: 'eq' },
      matched: {
        label: '已匹配', type: 'bool', readonly: true, list: true, search: 'eq',
      },
      token_id: linkRef,
      reason: { label: '未匹配原因', type: 'text', readonly: true, list: true },
      received_at: { label: '收到时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
      create_at: { ...created, label: '入库时间' },
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
  info: {
    route: '/user/info', label: '修改信息', access: 'any',
    menu: { section: 'account', label: '修改信息', icon: 'EditOutlined', order: 3, visible: 'any' },
  },
  store: {
    route: '/items/store', label: 'API商城', access: 'any',
    menu: { section: 'items', label: 'API商城', icon: 'ShopOutlined', order: 2, visible: 'customer' },
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
  deviceCreate: { route: '/system/device/create', label: '新建设备', access: 'sup' },
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
