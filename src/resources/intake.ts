import { declare } from './declare';
import { id, newestFirst, created, linkRef } from './fields';
import { links } from './links';

/** Inbound messages (SMS, mail, upstream, by hand) and the devices that post SMS. Refers to the links. */
export const intake = declare.resources({
  devices: {
    label: '设备', api: 'device', table: 'devices', route: '/system/device',
    menu: { label: '设备管理', icon: 'MobileOutlined', visible: 'sup' },
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
      silent: { label: '失联', type: 'bool', computed: true, readonly: true, list: true, help: '启用中、但超过设定时间没有上报任何短信' },
      last_seen_at: { label: '最后上报', type: 'datetime', readonly: true, list: true, sort: true },
      messages_today: { label: '今日短信', type: 'int', computed: true, readonly: true, list: true },
      message_count: { label: '短信总数', type: 'int', readonly: true, list: true, sort: true },
      key: { label: '设备标识', type: 'text', readonly: true, search: 'eq' },
      webhook_url: { label: 'Webhook 地址', type: 'text', computed: true, readonly: true },
      remark: { label: '备注', type: 'text', max: 255, list: true },
      create_at: created,
    },
    actions: [{ name: 'deviceSecret', label: '重置密钥', access: 'sup' }],
  },
  messages: {
    label: '消息', api: 'message', table: 'messages', route: '/system/message',
    menu: { label: '收件箱', icon: 'InboxOutlined', visible: 'sup' },
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
}, links);
