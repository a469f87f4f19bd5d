import { declare } from './declare';
import { linkStateOptions, linkStates } from './link-states';
import { id, amount, created, owner, goodsRef, identifier, linkRecord, ownRecords, toStore } from './fields';
import { accounts } from './accounts';
import { catalog } from './catalog';

/**
 * Orders and the API links they buy, and the records kept about each link: codes received, resets,
 * renewals. Refers to accounts and the catalog.
 */
export const links = declare.resources(
  {
    orders: {
      label: '订单',
      api: 'order',
      table: 'orders',
      route: '/items/order/record',
      menu: { label: '订单记录', icon: 'OrderedListOutlined', visible: 'own:orders' },
      ...ownRecords,
      // At a laptop's width the amount and the state stay; the id, the type and the time leave first.
      fields: {
        id: { ...id, priority: 'low' },
        order_no: { label: '订单号', type: 'text', readonly: true, list: true, search: 'eq' },
        user_id: owner,
        goods_id: goodsRef,
        type: {
          label: '类型',
          type: 'enum',
          readonly: true,
          list: true,
          priority: 'low',
          search: 'eq',
          options: { buy: { label: '购买', color: 'blue' }, augment: { label: '续费', color: 'cyan' } },
        },
        quantity: { label: '数量', type: 'int', readonly: true, list: true, help: '续费订单为天数' },
        base_price: { label: '原价', type: 'money', readonly: true, supOnly: true },
        unit_price: { label: '单价', type: 'money', readonly: true, list: true },
        rate: { label: '倍率', type: 'decimal', readonly: true, list: true, help: '空表示按固定价格' },
        amount: { ...amount, priority: 'high' },
        refunded: { label: '已退款', type: 'money', readonly: true, list: true },
        state: {
          label: '状态',
          type: 'enum',
          readonly: true,
          list: true,
          priority: 'high',
          search: 'eq',
          options: {
            paid: { label: '已完成', color: 'green' },
            partial: { label: '部分退款', color: 'orange' },
            refunded: { label: '已退款', color: 'purple' },
          },
        },
        token_id: { label: '续费号码', type: 'ref', ref: { resource: 'tokens', labelField: 'identifier' }, readonly: true },
        create_at: { ...created, priority: 'low' },
      },
      actions: [{ name: 'orderRefund', label: '退款', access: 'sup:money', danger: true }],
      empty: {
        sup: { text: '还没有订单', hint: '客户在商城购买或续费后，订单会出现在这里' },
        customer: { text: '还没有订单', hint: '在商城选好商品购买后，订单会记录在这里', action: toStore },
      },
    },
    tokens: {
      label: '号码',
      api: 'token',
      table: 'tokens',
      route: '/items/api/token',
      menu: { label: { sup: '他的API', customer: '我的API' }, icon: 'ApiOutlined', visible: 'own:orders' },
      ...ownRecords,
      // What a customer waiting on a number looks for first: the app and country, the number, its state
      // with the time left, the code; the rest under 列设置.
      fields: {
        id: { ...id, list: 'more', priority: 'low' },
        user_id: owner,
        app: { label: '应用/国家', type: 'text', computed: true, readonly: true, list: true, priority: 'high' },
        identifier: { ...identifier, copy: true, priority: 'high' },
        goods_id: { ...goodsRef, list: 'more' },
        // A rental (租用) holds its number for its term and keeps every SMS (server/rentals).
        kind: {
          label: '类型',
          type: 'enum',
          readonly: true,
          list: 'more',
          priority: 'low',
          search: 'eq',
          options: { code: { label: '收验证码', color: 'blue' }, rent: { label: '租用号码', color: 'gold' } },
        },
        state: {
          label: '状态',
          type: 'enum',
          readonly: true,
          list: true,
          priority: 'high',
          search: 'eq',
          options: linkStateOptions,
          countdown: { field: 'time_left', label: '剩余' },
        },
        last_code: { label: '验证码', type: 'text', readonly: true, list: true, priority: 'high', copy: true, emphasis: true },
        time_left: {
          label: '剩余时间',
          type: 'int',
          computed: true,
          readonly: true,
          duration: true,
          help: '还能接码多久（到期前）',
        },
        last_code_at: { label: '收码时间', type: 'datetime', readonly: true, list: 'more', sort: true },
        last_text: { label: '短信内容', type: 'textarea', readonly: true },
        refund_at: { label: '自动退款时间', type: 'datetime', readonly: true, help: '到时仍未收到验证码，货款自动退回余额' },
        cancel_at: {
          label: '可取消时间',
          type: 'datetime',
          computed: true,
          readonly: true,
          help: '未收到验证码时，从这个时间起可以取消并退款',
        },
        received: { label: '已接码', type: 'int', readonly: true, list: 'more', help: '本次启用后收到的验证码条数' },
        receives_left: { label: '剩余次数', type: 'int', computed: true, readonly: true, list: 'more', help: '空表示不限' },
        resets: { label: '已重提', type: 'int', readonly: true },
        reset_limit: { label: '重提上限', type: 'int', readonly: true, zeroText: '不支持重提' },
        receive_limit: { label: '接码上限', type: 'int', readonly: true, help: '0 为不限' },
        renewable: {
          label: '可续费',
          type: 'bool',
          computed: true,
          readonly: true,
          help: '商品支持续费，且号码未结束、过期未超过一天、未被回收',
        },
        reusable: {
          label: '可再次使用',
          type: 'bool',
          computed: true,
          readonly: true,
          help: '号码收到过验证码、已不再等待，且在商品允许的时限内：可以按现价再次使用同一号码',
        },
        url: { label: '接码链接', type: 'text', computed: true, readonly: true },
        api_url: { label: 'API地址', type: 'text', computed: true, readonly: true },
        token: { label: '链接密钥', type: 'text', readonly: true, search: 'eq' },
        order_id: { label: '订单', type: 'ref', ref: { resource: 'orders', labelField: 'order_no' }, readonly: true, search: 'eq' },
        armed_at: { label: '启用时间', type: 'datetime', readonly: true },
        create_at: { ...created, list: 'more', priority: 'low' },
        expires_at: { label: '到期时间', type: 'datetime', readonly: true, list: 'more', sort: true, search: 'range' },
      },
      // 详情 opens the number's panel (the customer's one way to open a number); 取消 / 完成 / 重提 where they apply.
      actions: [
        { name: 'tokenOpen', label: '详情', access: 'customer', opens: true },
        { name: 'tokenFinish', label: '完成', access: 'customer' },
        { name: 'tokenReset', label: '重提', access: 'customer' },
        // Not drawn red: it leads a waiting number's row (its confirmation's button is red).
        { name: 'tokenCancel', label: '取消', access: 'customer' },
        { name: 'tokenRenew', label: '续费', access: 'customer' },
        { name: 'rentSms', label: '短信', access: 'any' },
        { name: 'rentExtend', label: '续租', access: 'customer' },
        { name: 'rentFinish', label: '结束', access: 'customer', danger: true },
        { name: 'tokenRefund', label: '退款', access: 'sup:money', danger: true },
        { name: 'tokenCopy', label: '复制链接', access: 'any' },
        { name: 'tokenCopyLine', label: '复制号码和链接', access: 'any' },
      ],
      selectable: true,
      // The numbers still waiting or with a code still in use first; every number under 全部.
      tabs: [
        { key: 'live', label: '进行中', filters: { state: linkStates.live } },
        { key: 'all', label: '全部' },
      ],
      // On a phone: what a customer looks for first; the rest behind 展开.
      cardLead: ['app', 'identifier', 'state', 'last_code'],
      toolbar: [
        { name: 'tokenCodeAlerts', label: '新码提醒', access: 'customer' },
        { name: 'tokenApiKey', label: '接口密钥', access: 'customer' },
        { name: 'tokenExport', label: '导出TXT', access: 'any' },
        { name: 'tokenCopySelected', label: '复制所选号码和链接', access: 'any' },
      ],
      // New codes show up without a manual refresh.
      live: { seconds: 5 },
      empty: {
        sup: { text: '客户还没有购买号码' },
        customer: { text: '还没有号码', hint: '在商城购买后，号码和收到的验证码会显示在这里', action: toStore },
      },
    },
    records: {
      label: '接码记录',
      api: 'record',
      table: 'code_records',
      route: '/items/api/record',
      menu: { label: '接码记录', icon: 'MailOutlined', visible: 'own:orders' },
      ...ownRecords,
      fields: {
        ...linkRecord,
        sender: { label: '发件人', type: 'text', readonly: true, list: true },
        code: { label: '验证码', type: 'text', readonly: true, list: true, search: 'eq' },
        text: { label: '内容', type: 'textarea', readonly: true, list: true },
        create_at: { ...created, label: '接收时间' },
      },
      live: { seconds: 5 },
      empty: {
        sup: { text: '还没有收到验证码', hint: '号码收到的每条验证码都会记录在这里' },
        customer: { text: '还没有收到验证码', hint: '购买号码后，收到的每条验证码都会记录在这里', action: toStore },
      },
    },
    resets: {
      label: '重提记录',
      api: 'reset',
      table: 'reset_records',
      route: '/items/reset/record',
      menu: { label: '重提记录', icon: 'RedoOutlined', visible: 'own:orders' },
      ...ownRecords,
      fields: {
        ...linkRecord,
        create_at: { ...created, label: '重提时间' },
      },
      empty: { text: '还没有重提记录', hint: '在“我的API”里对号码点“重提”等待新验证码后，会记录在这里' },
    },
    augments: {
      label: '续费记录',
      api: 'augment',
      table: 'augment_records',
      route: '/items/augment/record',
      ...ownRecords,
      fields: {
        ...linkRecord,
        order_id: {
          label: '订单',
          type: 'ref',
          ref: { resource: 'orders', labelField: 'order_no' },
          readonly: true,
          list: true,
          search: 'eq',
        },
        days: { label: '天数', type: 'int', readonly: true, list: true },
        amount,
        expires_before: { label: '原到期时间', type: 'datetime', readonly: true, list: true },
        expires_after: { label: '新到期时间', type: 'datetime', readonly: true, list: true },
        create_at: { ...created, label: '续费时间' },
      },
      empty: { text: '还没有续费记录' },
    },
  },
  { ...accounts, ...catalog },
);
