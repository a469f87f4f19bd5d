/** Fields and settings several resources share. */

export const id = { label: 'ID', type: 'int', readonly: true, list: true, sort: true } as const;
export const newestFirst = { field: 'id', order: 'desc' } as const;
export const amount = { label: '金额', type: 'money', readonly: true, list: true, sort: true } as const;
export const signedAmount = { ...amount, signed: true } as const;
export const created = { label: '创建时间', type: 'datetime', readonly: true, list: true, sort: true, search: 'range' } as const;
/** The customer a row belongs to: a column sup filters by, hidden from customers (it is always them). */
export const owner = {
  label: '用户',
  type: 'ref',
  ref: { resource: 'users', labelField: 'username' },
  readonly: true,
  list: true,
  search: 'eq',
  supOnly: true,
} as const;
export const goodsRef = {
  label: '商品',
  type: 'ref',
  ref: { resource: 'goods', labelField: 'title' },
  readonly: true,
  list: true,
  search: 'eq',
} as const;
export const linkRef = {
  label: '号码',
  type: 'ref',
  ref: { resource: 'tokens', labelField: 'identifier' },
  readonly: true,
  search: 'eq',
} as const;
// max gives the column room for a whole phone number (a long mailbox is cut with a tooltip).
export const identifier = { label: '号码/邮箱', type: 'text', max: 64, readonly: true, list: true, search: 'contains' } as const;
/** The fields every record about a link starts with (code, reset and renewal records). */
export const linkRecord = { id, user_id: owner, token_id: linkRef, identifier, goods_id: goodsRef } as const;
/** A customer's own rows (ledger, recharges, pay orders): read-only; every customer's for staff who handle money; newest first. */
export const ownRows = { access: { list: 'own:money', show: 'own:money' }, ownerField: 'user_id', defaultSort: newestFirst } as const;
/** A customer's own records (orders, links, code, reset and renewal records): as ownRows for staff who read orders, newest first by time. */
export const ownRecords = {
  ...ownRows,
  access: { list: 'own:orders', show: 'own:orders' },
  defaultSort: { field: 'create_at', order: 'desc' },
} as const;

/** Where an empty list of a customer's own sends them next (the declared `empty` actions). */
export const toStore = { label: '去商城', to: '/items/store' } as const;
export const toRecharge = { label: '去充值', to: '/account/recharge' } as const;
