import { declare } from './declare';
import { id, newestFirst, signedAmount, created, owner, ownRows, toRecharge } from './fields';
import { accounts } from './accounts';

const txHash = { label: '交易哈希', type: 'text', readonly: true, list: true, search: 'contains' } as const;

/** The network a USDT pay order or transfer is on (server/finance/usdt/chains.ts). */
const chain = {
  label: '网络',
  type: 'enum',
  readonly: true,
  list: true,
  search: 'eq',
  options: {
    trc20: { label: 'TRC20', color: 'red' },
    bep20: { label: 'BEP20 (BSC)', color: 'gold' },
    erc20: { label: 'ERC20 (以太坊)', color: 'blue' },
    polygon: { label: 'Polygon', color: 'purple' },
    arbitrum: { label: 'Arbitrum', color: 'cyan' },
  },
} as const;

/** Money: the ledger, recharges, USDT pay orders and unmatched USDT transfers. Refers to accounts. */
export const finance = declare.resources(
  {
    ledger: {
      label: '财务明细',
      api: 'finance',
      table: 'ledger',
      route: '/account/detail',
      menu: { label: '财务明细', icon: 'ProfileOutlined', visible: 'own:money' },
      ...ownRows,
      fields: {
        id,
        user_id: owner,
        type: {
          label: '类型',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
          options: {
            recharge_auto: { label: '自动充值', color: 'green' },
            recharge_manual: { label: '人工充值', color: 'orange' },
            debit_manual: { label: '人工扣款', color: 'red' },
            order: { label: '订单消费', color: 'blue' },
            refund: { label: '退款', color: 'purple' },
            profit: { label: '分站利润', color: 'cyan' },
            transfer: { label: '划款', color: 'geekblue' },
          },
        },
        amount: signedAmount,
        balance_before: { label: '变动前余额', type: 'money', readonly: true, list: true },
        balance_after: { label: '变动后余额', type: 'money', readonly: true, list: true },
        remark: { label: '备注', type: 'text', readonly: true, list: true, search: 'contains' },
        create_at: created,
      },
      empty: {
        sup: { text: '还没有资金变动' },
        customer: { text: '还没有资金变动', hint: '充值后，每一笔充值、消费和退款都会记录在这里', action: toRecharge },
      },
    },
    recharges: {
      label: '充值记录',
      api: 'recharge',
      table: 'recharges',
      route: '/account/record',
      menu: { label: '充值记录', icon: 'HistoryOutlined', visible: 'own:money' },
      ...ownRows,
      fields: {
        id,
        user_id: owner,
        type: {
          label: '方式',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
          options: {
            auto: { label: 'USDT 自动', color: 'green' },
            epay: { label: '支付宝/微信', color: 'blue' },
            manual: { label: '人工充值', color: 'orange' },
            deduct: { label: '人工扣款', color: 'red' },
          },
        },
        amount: signedAmount,
        remark: { label: '备注', type: 'text', readonly: true, list: true },
        create_at: created,
        tx_hash: txHash,
      },
      empty: {
        sup: { text: '还没有充值记录', hint: 'USDT 自动到账和在用户列表里“余额调整”的记录会出现在这里' },
        customer: { text: '还没有充值记录', action: toRecharge },
      },
    },
    usdt: {
      label: 'USDT 充值订单',
      api: 'usdt',
      table: 'usdt_orders',
      route: '/account/recharge/orders',
      ...ownRows,
      fields: {
        id,
        user_id: owner,
        amount: { label: '支付金额(USDT)', type: 'money', readonly: true, list: true, sort: true },
        requested: { label: '充值金额', type: 'money', readonly: true, list: true },
        chain,
        state: {
          label: '状态',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
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
        tx_hash: txHash,
      },
      actions: [{ name: 'usdtPay', label: '查看', access: 'customer' }],
      empty: {
        sup: { text: '还没有 USDT 充值订单' },
        customer: { text: '还没有 USDT 充值订单', action: toRecharge },
      },
    },
    transfers: {
      label: '未匹配转账',
      api: 'transfer',
      table: 'usdt_transfers',
      route: '/system/transfer',
      menu: { label: '未匹配转账', icon: 'SwapOutlined', visible: 'sup:money' },
      access: { list: 'sup:money', show: 'sup:money' },
      defaultSort: newestFirst,
      fields: {
        id,
        amount: { label: '金额(USDT)', type: 'money', readonly: true, list: true, sort: true },
        chain,
        block_time: { label: '转账时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
        reason: {
          label: '未匹配原因',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
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
          label: '状态',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
          options: { unmatched: { label: '待处理', color: 'red' }, attached: { label: '已入账', color: 'green' } },
        },
        user_id: {
          label: '入账用户',
          type: 'ref',
          ref: { resource: 'users', labelField: 'username' },
          readonly: true,
          list: true,
          search: 'eq',
        },
        from: { label: '付款地址', type: 'text', readonly: true, list: true, search: 'contains' },
        tx_hash: txHash,
        address: { label: '收款地址', type: 'text', readonly: true },
        value: {
          label: '链上数值',
          type: 'text',
          readonly: true,
          help: '以该网络 USDT 的最小单位计（TRC20 为 10^-6 USDT，BEP20 为 10^-18）',
        },
        attached_at: { label: '入账时间', type: 'datetime', readonly: true },
        create_at: { ...created, label: '发现时间' },
      },
      actions: [{ name: 'transferAttach', label: '入账', access: 'sup:money' }],
      empty: { text: '没有未匹配的转账', hint: '收款地址收到、却对不上任何充值订单的 USDT 转账会出现在这里，可手工入账' },
    },
  },
  accounts,
);

/** The USDT (TRC20) top-up settings a sup edits under 系统设置 (stored in the settings table). */
export const usdtSettingsFields = declare.fields({
  enabled: { label: '开放 USDT 充值', type: 'bool', default: false, help: '关闭后客户不能新建充值订单；已有订单仍会继续到账' },
  address: {
    label: '收款地址',
    type: 'text',
    max: 34,
    pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    patternMessage: '收款地址应为 T 开头的 34 位 TRON 地址',
    help: 'TRC20 USDT 的收款地址（T 开头）',
  },
  min_amount: { label: '最小充值金额', type: 'money', min: 0.01, max: 1_000_000, default: 10 },
  max_amount: { label: '最大充值金额', type: 'money', min: 0.01, max: 1_000_000, default: 10_000 },
  expire_minutes: { label: '订单有效期(分钟)', type: 'int', min: 5, max: 120, default: 15 },
  grace_minutes: {
    label: '金额保留期(分钟)',
    type: 'int',
    min: 5,
    max: 1440,
    default: 60,
    help: '订单过期后，其支付金额在这段时间内不会分配给新订单，以免迟到的付款记错人',
  },
  orders_per_hour: {
    label: '每小时新建订单上限',
    type: 'int',
    min: 1,
    max: 1000,
    default: 10,
    help: '每个客户每小时最多新建的充值订单数（已取消的也计入），防止反复下单、取消占用支付金额',
  },
  wait_confirm: {
    label: '等待区块确认后入账',
    type: 'bool',
    default: true,
    help: '确认约需 1 分钟（约 19 个区块），可防止回滚的交易被入账',
  },
  poll_seconds: {
    label: '查询间隔(秒)',
    type: 'int',
    min: 3,
    max: 60,
    default: 5,
    help: '有待支付订单时查询链上数据的间隔；TRON 约 3 秒出一个块',
  },
  api_url: {
    label: 'API 地址',
    type: 'text',
    max: 200,
    default: 'https://api.trongrid.io',
    pattern: '^https?://[^\\s/?#]+(:\\d+)?(/[^\\s?#]*)?$',
    patternMessage: 'API 地址应为 http(s):// 开头的网址',
  },
  api_key: { label: 'API Key', type: 'password', max: 100, writeOnly: true, help: 'TronGrid 的 TRON-PRO-API-KEY；留空则不修改' },
  contract: {
    label: 'USDT 合约地址',
    type: 'text',
    max: 34,
    default: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    patternMessage: '合约地址应为 T 开头的 34 位 TRON 地址',
    help: '主网 USDT 合约，一般无需修改（测试网的合约不同）',
  },
});

/**
 * One EVM chain's USDT settings (BEP20, ERC20, Polygon, Arbitrum), edited on the USDT settings screen;
 * the contract, decimals and confirmations left empty take the chain's defaults (server/finance/usdt/chains.ts).
 */
export const evmChainFields = declare.fields({
  enabled: { label: '开放此网络', type: 'bool', default: false, help: '关闭后客户不能在此网络新建订单；已有订单仍会继续到账' },
  address: {
    label: '收款地址',
    type: 'text',
    max: 42,
    pattern: '^0x[0-9a-fA-F]{40}$',
    patternMessage: '收款地址应为 0x 开头的 42 位地址',
  },
  rpc_url: {
    label: 'RPC 地址',
    type: 'text',
    max: 300,
    pattern: '^https?://[^\\s/?#]+(:\\d+)?(/[^\\s?#]*)?$',
    patternMessage: 'RPC 地址应为 http(s):// 开头的网址',
  },
  contract: {
    label: 'USDT 合约地址',
    type: 'text',
    max: 42,
    pattern: '^0x[0-9a-fA-F]{40}$',
    patternMessage: '合约地址应为 0x 开头的 42 位地址',
  },
  decimals: { label: '小数位数', type: 'int', min: 0, max: 36 },
  confirmations: {
    label: '确认区块数',
    type: 'int',
    min: 1,
    max: 200,
    help: '转账所在区块之后再出这么多个区块才入账，防止回滚的交易被入账',
  },
});
