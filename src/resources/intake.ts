import { declare } from './declare';
import { id, newestFirst, created, linkRef } from './fields';
import { links } from './links';
import { devices } from './devices';

/** Inbound messages (SMS, mail, upstream, by hand). Refers to the links and the devices. */
export const intake = declare.resources(
  {
    messages: {
      label: '消息',
      api: 'message',
      table: 'messages',
      route: '/system/message',
      menu: { label: '收件箱', icon: 'InboxOutlined', visible: 'sup:messages' },
      access: { list: 'sup:messages', show: 'sup:messages', add: 'sup:intake' },
      defaultSort: newestFirst,
      fields: {
        id: { ...id, list: 'more' },
        source: {
          label: '来源',
          type: 'enum',
          readonly: true,
          list: 'more',
          search: 'eq',
          options: {
            sms: { label: '短信', color: 'blue' },
            mail: { label: '邮件', color: 'purple' },
            upstream: { label: '上游', color: 'orange' },
            manual: { label: '手工录入', color: 'default' },
          },
        },
        device_id: {
          label: '设备',
          type: 'ref',
          ref: { resource: 'devices', labelField: 'name' },
          readonly: true,
          list: 'more',
          search: 'eq',
        },
        recipient: {
          label: '收件号码/邮箱',
          type: 'text',
          required: true,
          max: 128,
          list: true,
          priority: 'high',
          search: 'contains',
          help: '收到这条短信或邮件的号码或邮箱（库存里的标识）',
        },
        sender: { label: '发件人', type: 'text', max: 100, list: true, search: 'contains', help: '选填：商品设了发件人匹配时需要' },
        text: { label: '内容', type: 'textarea', required: true, max: 5000, list: true, priority: 'high', lines: 2, search: 'contains' },
        code: { label: '验证码', type: 'text', readonly: true, list: 'more', search: 'eq' },
        matched: {
          label: '已匹配',
          type: 'bool',
          readonly: true,
          list: true,
          search: 'eq',
        },
        token_id: { ...linkRef, list: true },
        reason: { label: '未匹配原因', type: 'text', readonly: true, list: true },
        assignable: {
          label: '可分配',
          type: 'bool',
          computed: true,
          readonly: true,
          help: '还有在收码、且在消息收到前就已启用的链接能接收它的验证码',
        },
        received_at: { label: '收到时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
        create_at: { ...created, label: '入库时间', list: 'more' },
      },
      actions: [{ name: 'messageAssign', label: '分配', access: 'sup:intake' }],
      empty: {
        text: '还没有收到短信或邮件',
        hint: '设备上报的短信、收到的邮件和上游的验证码都会出现在这里；也可以手工录入一条',
        action: { label: '手工录入', to: 'create' },
      },
    },
  },
  { ...links, ...devices },
);
