import { declare } from './declare';
import { id, owner, linkRef, newestFirst, ownRecords } from './fields';
import { accounts } from './accounts';
import { links } from './links';

/**
 * The deliveries to customers' webhooks (each code POSTed to the customer's own URL): the customer's
 * log, shown on user/info and as its own list, with 重发 on a failed one. Refers to the accounts and
 * the links.
 */
export const webhooks = declare.resources(
  {
    delivery: {
      label: '回调投递',
      api: 'delivery',
      table: 'webhook_deliveries',
      route: '/user/webhook/delivery',
      // Staff who read orders find it in the menu; a customer reaches their own from the webhook card.
      menu: { label: '回调投递', icon: 'SwapOutlined', visible: 'sup:orders' },
      // Read like orders (a customer their own; staff whose role reads orders), newest first by id (the log's index).
      ...ownRecords,
      defaultSort: newestFirst,
      fields: {
        id: { ...id, list: 'more' },
        user_id: owner,
        event: {
          label: '事件',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
          options: { code: { label: '验证码', color: 'blue' }, test: { label: '测试', color: 'default' } },
        },
        token_id: { ...linkRef, list: 'more' },
        code: { label: '验证码', type: 'text', readonly: true, list: true },
        status: {
          label: '状态',
          type: 'enum',
          readonly: true,
          list: true,
          search: 'eq',
          options: {
            pending: { label: '发送中', color: 'processing' },
            delivered: { label: '已送达', color: 'green' },
            failed: { label: '失败', color: 'red' },
          },
        },
        attempt: { label: '尝试次数', type: 'int', readonly: true, list: true },
        http_status: { label: 'HTTP 状态', type: 'int', readonly: true, list: true },
        error: { label: '错误', type: 'text', readonly: true, list: true },
        next_at: { label: '下次重试', type: 'datetime', readonly: true, list: true, help: '仍在重试时的下一次发送时间' },
        event_id: { label: '事件 ID', type: 'text', readonly: true, list: 'more', search: 'eq', copy: true },
        url: { label: '回调地址', type: 'text', readonly: true, list: 'more' },
        create_at: { label: '创建时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
      },
      actions: [{ name: 'deliveryReplay', label: '重发', access: 'own:orders' }],
      empty: {
        sup: { text: '还没有回调记录', hint: '客户设置回调地址后，每条验证码推送的结果记录在这里' },
        customer: { text: '还没有回调记录', hint: '设置回调地址后，每条验证码都会推送到您的地址，投递结果记录在这里' },
      },
    },
  },
  { ...accounts, ...links },
);
