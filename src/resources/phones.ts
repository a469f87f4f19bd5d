import { declare } from './declare';
import { id, newestFirst, created } from './fields';

/**
 * The phones and modem pools that post SMS (the intake area). Declared on their own: stock numbers
 * are bound to them, and the catalog stands before links and intake.
 */
export const phones = declare.resources({
  devices: {
    label: '设备', api: 'device', table: 'devices', route: '/system/device',
    menu: { label: '设备管理', icon: 'MobileOutlined', visible: 'sup:intake' },
    access: { list: 'sup:intake', show: 'sup:intake', add: 'sup:intake', edit: 'sup:intake', del: 'sup:intake' },
    defaultSort: newestFirst,
    fields: {
      id: { ...id, list: 'more' },
      name: { label: '设备名称', type: 'text', required: true, max: 50, list: true, search: 'contains' },
      sim1: {
        label: '卡槽1号码', type: 'text', max: 20, pattern: '^\\+?\\d{5,15}$', patternMessage: '号码只能是 5 到 15 位数字，可带 +',
        list: 'more', search: 'contains', help: '短信里看不出收件号码时（SIM 备注未填号码），按卡槽归到这个号码',
      },
      sim2: {
        label: '卡槽2号码', type: 'text', max: 20, pattern: '^\\+?\\d{5,15}$', patternMessage: '号码只能是 5 到 15 位数字，可带 +',
        list: 'more', search: 'contains',
      },
      enabled: { label: '启用', type: 'bool', default: true, list: 'more', search: 'eq', help: '停用后该设备上报的短信一律拒收' },
      silent: { label: '失联', type: 'bool', computed: true, readonly: true, list: true, help: '启用中、但超过设定时间没有上报任何短信' },
      last_seen_at: { label: '最后上报', type: 'datetime', readonly: true, list: true, sort: true },
      messages_today: { label: '今日短信', type: 'int', computed: true, readonly: true, list: 'more' },
      message_count: { label: '短信总数', type: 'int', readonly: true, list: 'more', sort: true },
      bound_count: {
        label: '绑定号码', type: 'int', computed: true, readonly: true, list: true,
        help: '绑定到本设备的库存号码：只有本设备（或卡槽号码是它的设备）能为它们收码',
      },
      clock_offset: {
        label: '手机时区', type: 'text', computed: true, readonly: true, list: 'more',
        help: '从短信的接收时间学到的手机时区与业务时区之差：手机设在别的时区也能正确判断短信时间',
      },
      clock_skew: { label: '时钟误差', type: 'text', computed: true, readonly: true, help: '上次短信时手机时钟与服务器时钟之差' },
      key: { label: '设备标识', type: 'text', readonly: true, search: 'eq' },
      webhook_url: { label: 'Webhook 地址', type: 'text', computed: true, readonly: true },
      remark: { label: '备注', type: 'text', max: 255, list: 'more' },
      create_at: { ...created, list: 'more' },
    },
    actions: [
      { name: 'deviceBind', label: '绑定号码', access: 'sup:intake' },
      { name: 'deviceSecret', label: '重置密钥', access: 'sup:intake' },
    ],
    empty: {
      text: '还没有设备，收不到短信',
      hint: '手机装好 SmsForwarder 后，在这里添加设备，把得到的 Webhook 地址和密钥填进 SmsForwarder 的 Webhook 发送通道',
      action: { label: '添加设备', to: 'create' },
    },
  },
});
