import { declare } from './declare';
import { id, newestFirst, created } from './fields';

/** What the console shows every user: notices. */
export const content = declare.resources({
  notices: {
    label: '公告',
    api: 'notice',
    table: 'notices',
    route: '/system/notice',
    menu: { label: '公告列表', icon: 'NotificationOutlined', visible: 'sup:content' },
    access: { list: 'sup:content', show: 'sup:content', add: 'sup:content', edit: 'sup:content', del: 'sup:content' },
    defaultSort: newestFirst,
    fields: {
      id,
      title: { label: '标题', type: 'text', required: true, max: 100, list: true, search: 'contains' },
      content: { label: '内容', type: 'html', required: true, max: 20000, list: true },
      popup: { label: '弹窗公告', type: 'bool', default: false, list: true, search: 'eq', help: '开启后登录时弹窗显示最新一条' },
      audience: {
        label: '给谁看',
        type: 'enum',
        default: 'customer',
        list: true,
        search: 'eq',
        options: {
          customer: { label: '客户', color: 'blue' },
          main: { label: '主站客户', color: 'cyan' },
          all: { label: '所有人', color: 'green' },
          staff: { label: '员工', color: 'gold' },
        },
        help: '客户：所有客户看到，分站域名上也显示（维护、价格变动等服务通知）；主站客户：只在主站显示（提到主站名称、联系方式的公告选它）；所有人：客户和员工',
      },
      day: { label: '提醒间隔(天)', type: 'int', min: 0, max: 365, default: 1, list: true, help: '用户点“不再提醒”后，隔多少天再次弹出' },
      create_at: created,
    },
    empty: { text: '还没有公告', hint: '发布的公告会显示在客户（或员工）的首页', action: { label: '发布公告', to: 'create' } },
  },
});
