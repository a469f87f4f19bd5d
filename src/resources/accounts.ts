import { declare } from './declare';
import { id, newestFirst, created } from './fields';
import { catalog } from './catalog';
import { staffRoles } from './staff';

/** Users, the groups that set their prices, and per-user discounts. Refers to the catalog. */
export const accounts = declare.resources({
  users: {
    label: '用户', api: 'user', table: 'users', route: '/user/index',
    menu: { label: '用户列表', icon: 'TeamOutlined', visible: 'sup:users' },
    access: { list: 'sup:users', show: 'sup:users', add: 'sup', edit: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      username: {
        label: '用户名', type: 'text', required: true, min: 3, max: 32, createOnly: true,
        pattern: '^[A-Za-z0-9_]+$', patternMessage: '用户名只能包含字母、数字和下划线',
        list: true, sort: true, search: 'contains',
      },
      password: {
        label: '密码', type: 'password', computed: true, required: true, min: 8, max: 128, writeOnly: true,
        help: '编辑时留空则不修改',
      },
      type: {
        label: '类型', type: 'enum', required: true, default: 'user', list: true, search: 'eq',
        options: { sup: { label: '管理员', color: 'red' }, user: { label: '普通用户', color: 'blue' } },
      },
      role: {
        label: '管理员角色', type: 'enum', list: true, search: 'eq', options: staffRoles,
        help: '仅管理员账号有效：所有者可做一切；运营管商品、库存、设备与公告；财务管资金与统计；客服查看用户与订单、重置客户密码。新建管理员不选则为所有者',
      },
      status: {
        label: '状态', type: 'enum', required: true, default: 'active', list: true, search: 'eq',
        options: { active: { label: '正常', color: 'green' }, disabled: { label: '禁用', color: 'default' } },
      },
      balance: { label: '余额', type: 'money', readonly: true, list: true, sort: true },
      api_key: { label: '接口密钥', type: 'bool', computed: true, readonly: true, list: true, help: '是否持有可用的 SMS-Activate 接口密钥' },
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
      { name: 'userMoney', label: '余额调整', access: 'sup:money' },
      { name: 'userSwitch', label: '切换到该用户', access: 'sup:care' },
      { name: 'userPasswordReset', label: '重置密码', access: 'sup:care' },
      { name: 'userApiKeyRevoke', label: '撤销密钥', access: 'sup:care' },
    ],
    empty: { text: '还没有用户', hint: '客户可以自行注册，也可以在这里新建', action: { label: '添加用户', to: 'create' } },
  },
  groups: {
    label: '分组', api: 'group', table: 'groups', route: '/system/group',
    menu: { label: '分组配置', icon: 'ClusterOutlined', visible: 'sup:catalog' },
    access: { list: 'sup:catalog', show: 'sup:catalog', add: 'sup:catalog', edit: 'sup:catalog', del: 'sup:catalog' },
    defaultSort: { field: 'sort', order: 'asc' },
    fields: {
      id,
      name: { label: '分组名称', type: 'text', required: true, max: 50, list: true, search: 'contains' },
      rate: {
        label: '价格倍率', type: 'decimal', required: true, min: 0.01, max: 1, default: 1, list: true, sort: true,
        help: '用户实付 = 商品价格 × 倍率（0.01 到 1.00，如 0.85 即八五折）',
      },
      is_default: { label: '默认分组', type: 'bool', default: false, list: true, help: '新用户自动加入默认分组，有且只有一个' },
      user_count: { label: '用户数', type: 'int', computed: true, readonly: true, list: true },
      sort: { label: '排序', type: 'int', min: 0, max: 9999, default: 0, list: true, sort: true, help: '数字小的排在前面' },
      remark: { label: '备注', type: 'text', max: 255, list: true },
      create_at: created,
    },
    empty: { text: '还没有分组', hint: '分组决定客户的价格倍率，新用户加入默认分组', action: { label: '添加分组', to: 'create' } },
  },
  discounts: {
    label: '用户折扣', api: 'discount', table: 'discounts', route: '/user/discount',
    menu: { label: '用户折扣', icon: 'PercentageOutlined', visible: 'sup:catalog' },
    access: { list: 'sup:catalog', show: 'sup:catalog', add: 'sup:catalog', edit: 'sup:catalog', del: 'sup:catalog' },
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
    empty: { text: '还没有用户折扣', hint: '给某个用户的全部或指定商品设折扣倍率或固定价格', action: { label: '添加折扣', to: 'create' } },
  },
}, catalog);
