/**
 * The generated form follows the declared write rules for the caller: a customer's form of an owned
 * entity has no owner field and no staff-only input on create, and shows staff-only values locked on
 * edit; editOnly fields wait for edit; only what the caller may write is sent. A datetime is picked
 * with a calendar and sent in the API's time format.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceDef } from '../../../src/framework/declaration';
import { useEnvelopeServer } from '../providers/envelope-server';
import { here, preloadPages, renderConsole } from './harness';
import { ownerRows, owners } from './test-config';

const tickets = {
  label: '工单',
  api: 'ticket',
  table: 'tickets',
  route: '/lab/tickets',
  access: { list: 'own', show: 'own', add: 'own', edit: 'own', del: 'sup' },
  ownerField: 'user_id',
  fields: {
    id: { label: 'ID', type: 'int', readonly: true, list: true },
    user_id: { label: '用户', type: 'ref', ref: { resource: 'owners', labelField: 'name' }, required: true, list: true },
    order_no: { label: '订单号', type: 'text', required: true, max: 32, unique: true, list: true },
    subject: { label: '问题', type: 'text', required: true, max: 200, list: true },
    status: {
      label: '状态',
      type: 'enum',
      default: 'open',
      write: 'staff',
      list: true,
      options: { open: { label: '处理中' }, closed: { label: '已解决' } },
    },
    reply: { label: '回复', type: 'textarea', max: 2000, write: 'staff', editOnly: true },
    due_at: { label: '承诺解决时间', type: 'datetime', write: 'staff', list: true },
  },
} satisfies ResourceDef;

const defs: Record<string, ResourceDef> = { tickets, owners };
const row = {
  id: 5,
  user_id: 7,
  user_id_label: '老王',
  order_no: 'A-1',
  subject: '没收到验证码',
  status: 'closed',
  reply: '已补发',
  due_at: '2030-01-02 03:04:05',
};

const server = useEnvelopeServer({ preload: preloadPages });
beforeEach(() => {
  server.on('POST /api/ticket/data', { data: { list: [row], total: 1 } });
  server.on('GET /api/ticket/detail', { data: row });
  server.on('POST /api/owner/data', { data: { list: ownerRows, total: 2 } });
  server.on('GET /api/owner/detail', (req) => ({ data: ownerRows.find((o) => o.id === Number(req.query.id)) }));
  server.on('POST /api/ticket/add', (req) => ({ data: { id: 6, ...req.body } }));
  server.on('POST /api/ticket/edit', (req) => ({ data: req.body }));
});

const form = () => document.querySelector('form') as HTMLFormElement;
const labels = () => [...form().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
const itemOf = (label: string) => within(form()).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const save = () => screen.getByRole('button', { name: /保存/ });

async function open(url: string, role: string, waitForText: string) {
  const user = userEvent.setup({ delay: null });
  renderConsole({ defs, url, role });
  await screen.findByText(waitForText);
  return user;
}

describe("a customer's form of an owned entity", () => {
  it('on create: no owner, no staff-only field; sends only what they may write', async () => {
    const user = await open('/lab/tickets/create', 'user', '新建工单');
    expect(labels()).toEqual(['订单号', '问题']);
    const f = within(form());
    await user.type(f.getByLabelText('订单号'), 'A-9');
    await user.type(f.getByLabelText('问题'), '没收到');
    await user.click(save());
    await waitFor(() => expect(server.calls('POST /api/ticket/add')).toHaveLength(1));
    // Not even the staff-only status's default: the server refuses a customer's value of it.
    expect(server.calls('POST /api/ticket/add')[0].body).toEqual({ order_no: 'A-9', subject: '没收到' });
    await waitFor(() => expect(here.path).toBe('/lab/tickets'));
  });

  it('on edit: staff-only values shown locked and never sent; the owner still hidden', async () => {
    const user = await open('/lab/tickets/edit/5', 'user', '编辑工单');
    const f = within(form());
    await waitFor(() => expect(f.getByLabelText('订单号')).toHaveProperty('value', 'A-1'));
    expect(labels()).toEqual(['订单号', '问题', '状态', '回复', '承诺解决时间']);
    expect(f.getByLabelText('回复')).toHaveProperty('value', '已补发');
    expect(f.getByLabelText('回复')).toHaveProperty('disabled', true);
    expect(f.getByLabelText('承诺解决时间')).toHaveProperty('value', '2030-01-02 03:04:05');
    expect(f.getByLabelText('承诺解决时间')).toHaveProperty('disabled', true);
    expect(itemOf('状态').querySelector('.ant-select-disabled')).not.toBeNull();
    await user.clear(f.getByLabelText('问题'));
    await user.type(f.getByLabelText('问题'), '还是没收到');
    await user.click(save());
    await waitFor(() => expect(server.calls('POST /api/ticket/edit')).toHaveLength(1));
    const { id, ...body } = server.calls('POST /api/ticket/edit')[0].body;
    expect(String(id)).toBe('5');
    expect(body).toEqual({ order_no: 'A-1', subject: '还是没收到' });
    await waitFor(() => expect(here.path).toBe('/lab/tickets'));
  });
});

describe("the sup's form of the same entity", () => {
  it('on create: the owner and the staff-only fields, but not the edit-only reply', async () => {
    await open('/lab/tickets/create', 'sup', '新建工单');
    expect(labels()).toEqual(['用户', '订单号', '问题', '状态', '承诺解决时间']);
  });

  it('on edit: the time is a picker holding the API time; a new one typed in is sent in the same format', async () => {
    const user = await open('/lab/tickets/edit/5', 'sup', '编辑工单');
    const f = within(form());
    await waitFor(() => expect(f.getByLabelText('订单号')).toHaveProperty('value', 'A-1'));
    const picker = f.getByLabelText('承诺解决时间') as HTMLInputElement;
    expect(picker.value).toBe('2030-01-02 03:04:05');
    expect(itemOf('承诺解决时间').querySelector('.ant-picker')).not.toBeNull();
    expect(picker.disabled).toBe(false);
    await user.click(picker);
    await user.clear(picker);
    await user.type(picker, '2031-05-06 07:08:09');
    fireEvent.keyDown(picker, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(picker.value).toBe('2031-05-06 07:08:09'));
    await user.click(save());
    await waitFor(() => expect(server.calls('POST /api/ticket/edit')).toHaveLength(1));
    expect(server.calls('POST /api/ticket/edit')[0].body).toMatchObject({
      due_at: '2031-05-06 07:08:09',
      reply: '已补发',
      status: 'closed',
      user_id: 7,
    });
    await waitFor(() => expect(here.path).toBe('/lab/tickets'));
  });
});
