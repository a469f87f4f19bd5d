import { declare } from './declare';
import { id, newestFirst, created, goodsRef, identifier } from './fields';
import { phones } from './phones';

/** What is sold: products (商品), their stock, and the upstream providers that supply numbers on demand. */
export const catalog = declare.resources({
  goods: {
    label: '商品', api: 'goods', table: 'goods', route: '/items/goods',
    menu: { label: 'API管理', icon: 'AppstoreOutlined', visible: 'sup:catalog' },
    // Customers read product names (the product filter of their orders and links); prices are in the store.
    access: { list: 'any', show: 'any', add: 'sup:catalog', edit: 'sup:catalog', del: 'sup:catalog' },
    defaultSort: { field: 'sort', order: 'asc' },
    fields: {
      id: { ...id, list: 'more' },
      title: { label: '标题', type: 'text', required: true, max: 100, list: true, search: 'contains' },
      description: { label: '描述', type: 'html', max: 20000 },
      channel: {
        label: '类型', type: 'enum', required: true, default: 'sms', list: 'more', search: 'eq',
        options: { sms: { label: '短信', color: 'blue' }, mail: { label: '邮箱', color: 'purple' } },
      },
      service: {
        label: '服务代码', type: 'text', required: true, max: 32, pattern: '^[A-Za-z0-9_]+$',
        patternMessage: '服务代码只能包含字母、数字和下划线', list: 'more', search: 'eq', help: 'SMS-Activate 服务代码，如 tg、wa',
      },
      country: { label: '国家编号', type: 'int', min: 0, max: 9999, default: 0, list: 'more', search: 'eq', help: 'SMS-Activate 国家编号，默认 0' },
      price: { label: '价格', type: 'money', required: true, min: 0.01, max: 100_000, list: true, sort: true, supOnly: true },
      valid_hours: { label: '有效期(小时)', type: 'int', required: true, min: 1, max: 87_600, default: 24, list: 'more' },
      receive_limit: {
        label: '接码次数', type: 'int', min: 0, max: 1000, default: 1, list: 'more',
        help: '每次启用（购买或重提）后可接收的验证码条数，0 为不限',
      },
      reset_limit: {
        label: '重提次数', type: 'int', min: 0, max: 1000, default: 0, list: 'more', zeroText: '不支持重提',
        help: '每个链接可重提（重新等待新验证码）的次数，0 为不支持重提',
      },
      renew_price: { label: '续费价格(每天)', type: 'money', min: 0, max: 100_000, default: 0, list: 'more', help: '0 表示不可续费；续费不享受折扣' },
      code_wait_minutes: {
        label: '等码时限(分钟)', type: 'int', min: 0, max: 43_200, default: 0, list: 'more',
        help: '购买后这么久仍未收到验证码则自动退款，0 为不自动退款',
      },
      reuse_minutes: {
        label: '再次使用(分钟)', type: 'int', min: 0, max: 10_080, default: 20, list: 'more',
        help: '号码最后一次收到验证码后这么久内，客户可以再次使用同一号码（按商品价格重新购买），0 为不允许',
      },
      rentable: {
        label: '可租用', type: 'bool', default: false, list: 'more',
        help: '开启后客户可按小时租用号码：租期内收到的每条短信都归租用者（不限条数），通过接口 getRentNumber 租用',
      },
      rent_price_hour: {
        label: '租用价格(每小时)', type: 'money', min: 0, max: 100_000, default: 0, list: 'more',
        help: '租用费用 = 每小时价格 × 小时数（一天按 24 小时），不享受折扣；0 表示不可租用',
      },
      rent_min_hours: { label: '最短租期(小时)', type: 'int', min: 1, max: 8760, default: 4, list: 'more' },
      rent_max_hours: { label: '最长租期(小时)', type: 'int', min: 1, max: 8760, default: 720, list: 'more' },
      min_qty: { label: '最少购买', type: 'int', min: 1, max: 1000, default: 1, list: 'more' },
      max_qty: { label: '最多购买', type: 'int', min: 1, max: 1000, default: 100, list: 'more' },
      on_sale: { label: '上架', type: 'bool', default: true, list: true, search: 'eq', supOnly: true },
      sort: { label: '排序', type: 'int', min: 0, max: 9999, default: 0, list: 'more', sort: true, supOnly: true, help: '数字小的排在前面' },
      source: {
        label: '来源', type: 'enum', required: true, default: 'stock', list: 'more', search: 'eq', supOnly: true,
        options: { stock: { label: '库存', color: 'green' }, upstream: { label: '上游', color: 'orange' } },
      },
      match_sender: { label: '发件人匹配', type: 'text', max: 255, supOnly: true, help: '发件人须包含其中之一（用 | 分隔），留空不限。邮件商品：发件人还须通过 DKIM 签名验证（签名域名为此处写的域名或其上下级域名，写域名如 google.com 最可靠），未通过的邮件不算匹配' },
      match_keyword: { label: '内容关键词', type: 'text', max: 255, supOnly: true, help: '内容须包含其中之一（用 | 分隔），留空不限' },
      provider_id: {
        label: '上游渠道', type: 'ref', ref: { resource: 'providers', labelField: 'name' }, list: 'more', search: 'eq', supOnly: true,
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
      stock_alert: {
        label: '库存提醒', type: 'int', min: 0, max: 1_000_000, default: 0, list: 'more', supOnly: true,
        help: '可售库存低于此数时通过 Telegram 提醒管理员（每次跌破提醒一次），0 为不提醒',
      },
      stock: { label: '可售库存', type: 'int', readonly: true, list: true, sort: true, supOnly: true },
      sold: { label: '已售', type: 'int', readonly: true, list: 'more', sort: true, supOnly: true },
      create_at: { ...created, supOnly: true, list: 'more' },
    },
    actions: [
      { name: 'goodsStock', label: '库存', access: 'sup:catalog' },
      { name: 'stockImport', label: '导入库存', access: 'sup:catalog' },
    ],
    empty: {
      text: '还没有商品', hint: '添加商品后，导入号码或邮箱库存，或让它向上游渠道按需购买号码', action: { label: '添加商品', to: 'create' },
    },
  },
  stock: {
    label: '库存', api: 'stock', table: 'stock_items', route: '/items/goods/stock',
    access: { list: 'sup:catalog', show: 'sup:catalog', del: 'sup:catalog' },
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
      device_id: {
        label: '绑定设备', type: 'ref', ref: { resource: 'devices', labelField: 'name' }, readonly: true, list: true, search: 'eq',
        help: '只有这台设备能为该号码收码；未绑定的号码任何设备都能收',
      },
      create_at: created,
    },
    actions: [{ name: 'stockToggle', label: '停用/启用', access: 'sup:catalog', danger: true }],
    selectable: true,
    toolbar: [
      { name: 'stockImport', label: '导入库存', access: 'sup:catalog' },
      { name: 'stockDisable', label: '停用所选', access: 'sup:catalog' },
      { name: 'stockEnable', label: '启用所选', access: 'sup:catalog' },
    ],
    empty: { text: '还没有库存', hint: '用“导入库存”批量导入号码或邮箱，每行一个' },
  },
  providers: {
    label: '上游渠道', api: 'provider', table: 'providers', route: '/system/provider',
    menu: { label: '上游渠道', icon: 'ApiOutlined', visible: 'sup:catalog' },
    access: { list: 'sup:catalog', show: 'sup:catalog', add: 'sup:catalog', edit: 'sup:catalog', del: 'sup:catalog' },
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
      balance_alert: {
        label: '余额提醒', type: 'decimal', min: 0, max: 100_000_000, default: 0, list: 'more',
        help: '上游余额低于此数时通过 Telegram 提醒管理员（每次跌破提醒一次），0 为不提醒',
      },
      remark: { label: '备注', type: 'text', max: 255, list: true },
      create_at: created,
    },
    actions: [{ name: 'providerBalance', label: '刷新余额', access: 'sup:catalog' }],
    empty: {
      text: '还没有上游渠道', hint: '接入 SMS-Activate 兼容的平台后，来源为“上游”的商品会向它按需购买号码',
      action: { label: '添加上游渠道', to: 'create' },
    },
  },
  services: {
    label: '服务名称', api: 'service', table: 'service_names', route: '/items/service',
    menu: { label: '服务名称', icon: 'ProfileOutlined', visible: 'sup:catalog' },
    access: { list: 'sup:catalog', show: 'sup:catalog', add: 'sup:catalog', edit: 'sup:catalog', del: 'sup:catalog' },
    defaultSort: { field: 'service', order: 'asc' },
    fields: {
      id: { ...id, list: 'more' },
      service: {
        label: '服务代码', type: 'text', required: true, max: 32, pattern: '^[A-Za-z0-9_]+$',
        patternMessage: '服务代码只能包含字母、数字和下划线', list: true, sort: true, search: 'eq', help: '与商品的服务代码相同，如 tg、wa',
      },
      name: { label: '英文名称', type: 'text', required: true, max: 50, list: true, search: 'contains', help: '接口 getServicesList 默认返回的名称，如 Telegram' },
      name_cn: { label: '中文名称', type: 'text', max: 50, list: true, help: '接口 getServicesList 以 lang=cn 请求时返回；留空则用英文名称' },
      create_at: created,
    },
    empty: {
      text: '还没有设置服务名称', hint: '未设置的服务代码使用内置名称（常见服务）或服务代码本身',
      action: { label: '设置服务名称', to: 'create' },
    },
  },
}, phones);
