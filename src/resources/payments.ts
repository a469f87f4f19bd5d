import { declare } from './declare';
import { id, created, owner, ownRows, toRecharge } from './fields';
import { accounts } from './accounts';

/** 易支付's payment types: what the customer picks and the gateway is told (`type`). */
export const EPAY_TYPES = {
  alipay: { label: '支付宝', color: 'blue' },
  wxpay: { label: '微信支付', color: 'green' },
  qqpay: { label: 'QQ 钱包', color: 'cyan' },
} as const;

/** Top-ups through an 易支付 (epay) gateway: the customers' pay orders. Refers to accounts. */
export const payments = declare.resources(
  {
    epay: {
      label: '支付宝/微信充值订单',
      api: 'epay',
      table: 'epay_orders',
      route: '/account/recharge/epay',
      ...ownRows,
      fields: {
        id,
        user_id: owner,
        order_no: { label: '订单号', type: 'text', readonly: true, list: true, search: 'contains' },
        type: { label: '支付方式', type: 'enum', readonly: true, list: true, search: 'eq', options: EPAY_TYPES },
        amount: { label: '充值金额', type: 'money', readonly: true, list: true, sort: true },
        money: { label: '支付金额(元)', type: 'money', readonly: true, list: true },
        state: {
          label: '状态',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
          options: {
            waiting: { label: '待支付', color: 'blue' },
            paid: { label: '已到账', color: 'green' },
            expired: { label: '已过期', color: 'default' },
            cancelled: { label: '已取消', color: 'default' },
          },
        },
        trade_no: { label: '支付平台单号', type: 'text', readonly: true, search: 'contains' },
        create_at: created,
        expires_at: { label: '过期时间', type: 'datetime', readonly: true },
        paid_at: { label: '到账时间', type: 'datetime', readonly: true, list: true, sort: true },
      },
      empty: {
        sup: { text: '还没有支付宝/微信充值订单' },
        customer: { text: '还没有支付宝/微信充值订单', action: toRecharge },
      },
    },
  },
  accounts,
);

/** The 易支付 settings finance and the owner edit (stored in the settings table; the key sealed). */
export const epaySettingsFields = declare.fields({
  enabled: { label: '开放支付宝/微信充值', type: 'bool', default: false, help: '关闭后客户不能新建订单；已支付的订单仍会到账' },
  gateway: {
    label: '支付网关地址',
    type: 'text',
    max: 200,
    pattern: '^https?://[^\\s/?#]+(:\\d+)?(/[^\\s?#]*)?$',
    patternMessage: '网关地址应为 http(s):// 开头的网址，例如 https://pay.example.com/',
    help: '易支付（彩虹易支付、BEpusdt、epusdt 等兼容网关）的网址，submit.php 所在的目录',
  },
  pid: {
    label: '商户 ID (pid)',
    type: 'text',
    max: 32,
    pattern: '^[0-9A-Za-z_-]{1,32}$',
    patternMessage: '商户 ID 只能是字母、数字、_ 和 -',
  },
  key: { label: '商户密钥', type: 'password', max: 128, writeOnly: true, help: '网关后台的商户密钥；加密保存，留空则不修改' },
  types: {
    label: '支付方式',
    type: 'text',
    max: 40,
    default: 'alipay,wxpay',
    pattern: '^(alipay|wxpay|qqpay)(,(alipay|wxpay|qqpay))*$',
    patternMessage: '支付方式只能是 alipay、wxpay、qqpay，用英文逗号分隔',
  },
  rate: {
    label: '汇率(元/美元)',
    type: 'decimal',
    min: 0.01,
    max: 1000,
    default: 7.3,
    help: '客户充值 1 美元需支付的人民币；支付金额 = 充值金额 × 汇率，向上取整到分',
  },
  min_amount: { label: '最小充值金额', type: 'money', min: 0.01, max: 1_000_000, default: 1 },
  max_amount: { label: '最大充值金额', type: 'money', min: 0.01, max: 1_000_000, default: 1000 },
  expire_minutes: { label: '订单有效期(分钟)', type: 'int', min: 5, max: 1440, default: 30 },
});
