import { declare } from './declare';
import { id, newestFirst, created, owner } from './fields';
import { accounts } from './accounts';
import { catalog } from './catalog';
import { links } from './links';

/** A host as the reseller's site answers on it: a domain name, no scheme, port or path. */
const HOST_PATTERN = '^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$';

/**
 * Resellers (分站, one level): a customer who sells the catalogue on a host of their own at a markup
 * (the owner and finance keep them); a reseller's own per-product prices; the profit of each order its
 * customers pay. Refers to accounts, the catalog and the orders.
 */
export const resellers = declare.resources(
  {
    resellers: {
      label: '分站',
      api: 'reseller',
      table: 'resellers',
      route: '/system/reseller',
      menu: { label: '分站管理', icon: 'ApartmentOutlined', visible: 'sup:money' },
      access: { list: 'sup:money', show: 'sup:money', add: 'sup:money', edit: 'sup:money' },
      defaultSort: newestFirst,
      // At a laptop's width the site and its figures stay; the id, the time and the terms leave first.
      groups: [
        { name: 'site', title: '站点' },
        { name: 'money', title: '价格与结算' },
      ],
      fields: {
        id: { ...id, priority: 'low' },
        user_id: {
          label: '分站用户',
          type: 'ref',
          ref: { resource: 'users', labelField: 'username' },
          required: true,
          createOnly: true,
          unique: true,
          list: true,
          search: 'eq',
          help: '开通分站的客户账号（管理员和其他分站的客户不能开通）',
        },
        site_name: { label: '站点名称', type: 'text', required: true, max: 50, list: true, search: 'contains', group: 'site' },
        host: {
          label: '域名',
          type: 'text',
          required: true,
          max: 253,
          unique: true,
          pattern: HOST_PATTERN,
          patternMessage: '请填写域名，如 shop.example.com（不含 http:// 和路径）',
          list: true,
          search: 'contains',
          group: 'site',
          help: '分站访问的域名或本站的子域名；需先把域名解析到本站并配置证书（见运维文档）',
        },
        contact: { label: '联系方式', type: 'html', max: 20000, group: 'site', help: '分站商城、登录页和控制台显示的联系方式' },
        notice: { label: '公告', type: 'html', max: 20000, group: 'site', help: '分站登录页和控制台显示的公告' },
        markup: {
          label: '加价比例(%)',
          type: 'decimal',
          required: true,
          min: 0,
          max: 300,
          default: 0,
          list: true,
          priority: 'low',
          group: 'money',
          help: '分站客户价 = 分站自己的价格 × (1 + 加价比例/100)，向上取整到分',
        },
        settle_days: {
          label: '结算天数',
          type: 'int',
          required: true,
          min: 0,
          max: 90,
          default: 3,
          list: 'more',
          group: 'money',
          help: '订单利润在这么多天后转入分站余额；0 表示一分钟内结算',
        },
        enabled: {
          label: '启用',
          type: 'bool',
          default: true,
          list: true,
          priority: 'low',
          search: 'eq',
          group: 'money',
          help: '停用后该域名不再显示分站，分站客户按主站价格购买，不再产生利润',
        },
        customers: { label: '客户数', type: 'int', computed: true, readonly: true, list: true },
        sales: { label: '客户消费', type: 'money', computed: true, readonly: true, list: true },
        profit_pending: { label: '待结算利润', type: 'money', computed: true, readonly: true, list: true, priority: 'high' },
        profit_settled: { label: '已结算利润', type: 'money', computed: true, readonly: true, list: true, signed: true, priority: 'high' },
        create_at: { ...created, priority: 'low' },
      },
      actions: [
        { name: 'resellerCustomers', label: '客户', access: 'sup:users' },
        { name: 'resellerProfits', label: '利润明细', access: 'sup:money' },
      ],
      empty: {
        text: '还没有分站',
        hint: '把一个客户开通为分站：填写站点名称、域名和加价比例，分站客户在该域名注册和购买',
        action: { label: '开通分站', to: 'create' },
      },
    },
    reseller_prices: {
      label: '分站价格',
      api: 'reseller_price',
      table: 'reseller_prices',
      route: '/reseller/price',
      menu: { label: '分站价格', icon: 'PercentageOutlined', visible: 'customer:reseller' },
      access: {
        list: 'customer:reseller',
        show: 'customer:reseller',
        add: 'customer:reseller',
        edit: 'customer:reseller',
        del: 'customer:reseller',
      },
      ownerField: 'user_id',
      defaultSort: newestFirst,
      fields: {
        id,
        user_id: owner,
        goods_id: {
          label: '商品',
          type: 'ref',
          ref: { resource: 'goods', labelField: 'title' },
          required: true,
          createOnly: true,
          list: true,
          search: 'eq',
        },
        price: {
          label: '分站售价',
          type: 'money',
          required: true,
          min: 0.01,
          max: 100_000,
          list: true,
          help: '分站客户购买该商品的单价，不能低于您自己的价格；不设置的商品按加价比例计价',
        },
        cost: { label: '我的价格', type: 'money', computed: true, readonly: true, list: true },
        markup_price: { label: '按加价比例', type: 'money', computed: true, readonly: true, list: true },
        create_at: created,
      },
      empty: {
        text: '还没有单独定价的商品',
        hint: '不设置时，分站客户的价格 = 您的价格 × (1 + 加价比例)',
        action: { label: '设置商品价格', to: 'create' },
      },
    },
    profits: {
      label: '分站利润',
      api: 'profit',
      table: 'profits',
      route: '/reseller/profit',
      menu: { label: '分站利润', icon: 'DollarOutlined', visible: 'customer:reseller' },
      access: { list: 'own:money', show: 'own:money' },
      ownerField: 'user_id',
      defaultSort: newestFirst,
      fields: {
        id,
        user_id: { ...owner, label: '分站' },
        order_id: {
          label: '订单',
          type: 'ref',
          ref: { resource: 'orders', labelField: 'order_no' },
          readonly: true,
          list: true,
          search: 'eq',
        },
        buyer_id: {
          label: '客户',
          type: 'ref',
          ref: { resource: 'users', labelField: 'username' },
          readonly: true,
          list: true,
          search: 'eq',
        },
        amount: { label: '利润', type: 'money', readonly: true, list: true, sort: true },
        reversed: { label: '已冲回', type: 'money', readonly: true, list: true },
        state: {
          label: '状态',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
          options: {
            pending: { label: '待结算', color: 'blue' },
            settled: { label: '已结算', color: 'green' },
            reversed: { label: '已冲回', color: 'default' },
          },
        },
        settle_at: { label: '结算时间', type: 'datetime', readonly: true, list: true, sort: true },
        create_at: created,
      },
      empty: {
        sup: { text: '还没有分站利润' },
        customer: { text: '还没有利润', hint: '您的客户每下一单，差价就记在这里，到结算时间后转入余额' },
      },
    },
  },
  { ...accounts, ...catalog, ...links },
);

/** What a reseller edits of its own site on 我的分站 (`POST /api/reseller/site/edit`); the host, settling and enabling are the owner's. */
export const resellerSiteFields = declare.fields({
  site_name: resellers.resellers.fields.site_name,
  markup: resellers.resellers.fields.markup,
  contact: resellers.resellers.fields.contact,
  notice: resellers.resellers.fields.notice,
});

/** A reseller's transfer to one of its own customers (`POST /api/reseller/transfer`). */
export const resellerTransferFields = declare.fields({
  user_id: { label: '客户', type: 'ref', required: true },
  amount: { label: '划款金额', type: 'money', required: true, min: 0.01, max: 1_000_000, help: '从您的余额转入该客户的余额' },
  remark: { label: '备注', type: 'text', max: 100, help: '客户在财务明细里看到' },
});
