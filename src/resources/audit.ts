import { declare } from './declare';
import { id, newestFirst } from './fields';

/** What each audited action is called on screen (the `action` column). */
const actions = {
  'user.money': { label: '余额调整', color: 'gold' },
  'order.refund': { label: '订单退款', color: 'gold' },
  'token.refund': { label: '号码退款', color: 'gold' },
  'transfer.attach': { label: '转账入账', color: 'gold' },
  'usdt.config': { label: 'USDT 设置', color: 'gold' },
  // A sup inside a customer's account, with the customer's balance.
  'order.buy': { label: '代客户购买', color: 'gold' }, 'order.augment': { label: '代客户续费', color: 'gold' },
  'token.cancel': { label: '代客户取消', color: 'gold' }, 'token.reuse': { label: '代客户再次使用', color: 'gold' },
  'rent.extend': { label: '代客户续租', color: 'gold' }, 'webhook.config': { label: '代客户改回调' },
  'goods.add': { label: '新增商品' }, 'goods.edit': { label: '修改商品' }, 'goods.del': { label: '删除商品' },
  'group.add': { label: '新增分组' }, 'group.edit': { label: '修改分组' }, 'group.del': { label: '删除分组' },
  'discount.add': { label: '新增折扣' }, 'discount.edit': { label: '修改折扣' }, 'discount.del': { label: '删除折扣' },
  'stock.import': { label: '导入库存' }, 'stock.del': { label: '删除库存' }, 'stock.disable': { label: '停用库存' }, 'stock.enable': { label: '启用库存' },
  'provider.add': { label: '新增上游' }, 'provider.edit': { label: '修改上游' }, 'provider.del': { label: '删除上游' },
  'service.add': { label: '新增服务名' }, 'service.edit': { label: '修改服务名' }, 'service.del': { label: '删除服务名' },
  'user.add': { label: '新增用户', color: 'blue' }, 'user.edit': { label: '修改用户', color: 'blue' },
  'user.role': { label: '修改角色', color: 'red' }, 'user.password': { label: '修改密码', color: 'blue' },
  'user.profile': { label: '修改资料', color: 'blue' }, 'user.totp': { label: '两步验证', color: 'blue' },
  'user.switch': { label: '切换到用户', color: 'purple' }, 'user.back': { label: '切换回管理员', color: 'purple' },
  'login.ok': { label: '登录成功', color: 'green' }, 'login.fail': { label: '登录失败', color: 'red' },
  'config.edit': { label: '站点设置' }, 'config.telegram': { label: '机器人令牌' },
  'notice.add': { label: '新增公告' }, 'notice.edit': { label: '修改公告' }, 'notice.del': { label: '删除公告' },
  'device.add': { label: '新增设备' }, 'device.edit': { label: '修改设备' }, 'device.del': { label: '删除设备' },
  'key.shown': { label: '显示密钥', color: 'orange' }, 'key.revoked': { label: '撤销密钥', color: 'orange' },
} as const;

/**
 * The audit trail (操作日志): read-only for everyone (rows are written by the server in the
 * transaction of each change and never edited); the owner reads every row, finance the money rows.
 */
export const audit = declare.resources({
  audit: {
    label: '操作日志', api: 'audit', table: 'audit', route: '/system/audit',
    menu: { label: '操作日志', icon: 'AuditOutlined', visible: 'sup:audit.money' },
    access: { list: 'sup:audit.money', show: 'sup:audit.money' },
    defaultSort: newestFirst,
    fields: {
      id,
      create_at: { label: '时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
      actor_name: { label: '操作人', type: 'text', readonly: true, list: true, search: 'contains' },
      actor_id: { label: '操作人ID', type: 'int', readonly: true, list: 'more', search: 'eq' },
      manager_name: { label: '代操作管理员', type: 'text', readonly: true, list: true, help: '管理员切换到客户账号时的管理员' },
      action: { label: '操作', type: 'enum', readonly: true, list: true, search: 'eq', options: actions },
      category: {
        label: '类别', type: 'enum', readonly: true, list: 'more', search: 'eq',
        options: {
          money: { label: '资金', color: 'gold' }, catalog: { label: '商品与价格' }, users: { label: '用户' },
          settings: { label: '设置' }, login: { label: '登录' }, keys: { label: '密钥' }, content: { label: '公告' },
          intake: { label: '设备与消息' }, other: { label: '其他' },
        },
      },
      target_type: { label: '对象类型', type: 'text', readonly: true, list: 'more', search: 'eq' },
      target_id: { label: '对象ID', type: 'int', readonly: true, list: true, search: 'eq' },
      summary: { label: '摘要', type: 'text', readonly: true, list: true, search: 'contains' },
      // Before and after side by side on the detail page; as JSON text in a list cell and the CSV.
      changes: { label: '变更前后', type: 'changes', computed: true, readonly: true, list: 'more' },
      ip: { label: 'IP', type: 'text', readonly: true, list: true, search: 'eq' },
      hash: { label: '哈希', type: 'text', readonly: true, list: 'more', copy: true },
    },
    empty: { text: '还没有操作记录', hint: '资金、价格、用户、登录与设置的每次变动都会记在这里' },
  },
});
