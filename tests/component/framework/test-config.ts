/**
 * A made-up declaration for the framework tests: one entity with a field of every type, and a second
 * one it refers to. Nothing here is in resources.config.ts; the framework must build its screens from
 * this alone.
 */
import type { ResourceDef } from '../../../src/framework/declaration';

export const gadgets = {
  label: '小工具',
  api: 'gadget',
  table: 'gadgets',
  route: '/lab/gadgets',
  menu: { label: '小工具列表', icon: 'AppstoreOutlined', visible: 'any' },
  access: { list: 'any', show: 'any', add: 'sup', edit: 'sup', del: 'sup' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: {
    id: { label: 'ID', type: 'int', readonly: true, list: true, sort: true },
    name: { label: '名称', type: 'text', required: true, max: 50, list: true, sort: true, search: 'contains' },
    serial: { label: '编号', type: 'text', required: true, max: 20, createOnly: true },
    kind: {
      label: '种类',
      type: 'enum',
      required: true,
      list: true,
      search: 'eq',
      options: { a: { label: '甲型', color: 'red' }, b: { label: '乙型', color: 'blue' } },
    },
    price: { label: '价格', type: 'money', required: true, min: 0, list: true, sort: true, search: 'range' },
    active: { label: '启用', type: 'bool', default: true, list: true, search: 'eq' },
    made_at: { label: '生产时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
    owner: { label: '主人', type: 'ref', ref: { resource: 'owners', labelField: 'name' }, list: true, search: 'eq' },
    secret: { label: '密钥', type: 'password', required: true, min: 6, max: 64, writeOnly: true, list: true, help: '编辑时留空则不修改' },
    notes: { label: '说明', type: 'html', list: true },
  },
} satisfies ResourceDef;

export const owners = {
  label: '主人',
  api: 'owner',
  table: 'owners',
  route: '/lab/owners',
  access: { list: 'any', show: 'any' },
  fields: {
    id: { label: 'ID', type: 'int', readonly: true, list: true },
    name: { label: '名字', type: 'text', list: true, search: 'contains' },
  },
} satisfies ResourceDef;

export const testResources: Record<string, ResourceDef> = { gadgets, owners };

/** Two rows as the server sends them: owner with its label, no secret. */
export const gadgetRows = [
  {
    id: 1,
    name: '探测器',
    kind: 'a',
    price: 1234.5,
    active: true,
    made_at: '2024-03-05 10:20:30',
    owner: 7,
    owner_label: '老王',
    notes: '<p>第一<b>段</b> &amp; 第二段</p>',
  },
  {
    id: 2,
    name: '接收器',
    kind: 'b',
    price: 0.5,
    active: false,
    made_at: '2024-03-06 08:00:00',
    owner: 8,
    owner_label: '小李',
    notes: '<ul><li>短</li></ul>',
  },
];

export const ownerRows = [
  { id: 7, name: '老王' },
  { id: 8, name: '小李' },
];

/** A ledger-like entity: signed money, a long remark, a time; read-only. */
export const entries = {
  label: '流水',
  api: 'entry',
  table: 'entries',
  route: '/lab/entries',
  access: { list: 'any', show: 'any' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: {
    id: { label: 'ID', type: 'int', readonly: true, list: true, sort: true },
    amount: { label: '金额', type: 'money', signed: true, readonly: true, list: true, sort: true },
    remark: { label: '备注', type: 'text', readonly: true, list: true, search: 'contains' },
    create_at: { label: '创建时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' },
  },
} satisfies ResourceDef;

export const entryRows = [
  { id: 11, amount: 5, remark: '充值', create_at: '2024-03-05 10:20:30' },
  { id: 12, amount: -3, remark: '很长的备注'.repeat(40), create_at: '2024-03-06 08:00:00' },
];
