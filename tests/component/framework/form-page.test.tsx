import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEnvelopeServer } from '../providers/envelope-server';
import { here, preloadPages, renderConsole } from './harness';
import { choose } from './list-helpers';
import { gadgetRows, ownerRows, testResources } from './test-config';

const server = useEnvelopeServer({ preload: preloadPages });
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
beforeEach(() => {
  server.on('POST /api/gadget/data', { data: { list: gadgetRows, total: 2 } });
  server.on('POST /api/owner/data', { data: { list: ownerRows, total: 2 } });
  server.on('GET /api/owner/detail', (req) => ({ data: ownerRows.find((o) => o.id === Number(req.query.id)) }));
  server.on('GET /api/gadget/detail', (req) => ({ data: { ...gadgetRows.find((g) => g.id === Number(req.query.id)), serial: 'SN-0001' } }));
});

const form = () => document.querySelector('form') as HTMLFormElement;
const labels = () => [...form().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
const itemOf = (label: string) => within(form()).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const errorsOf = (label: string) => [...itemOf(label).querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const save = () => screen.getByRole('button', { name: /保存/ });

async function open(url: string, waitForText: string) {
  const user = userEvent.setup({ delay: null });
  renderConsole({ defs: testResources, url, role: 'sup' });
  await screen.findByText(waitForText);
  return user;
}

describe('the create form', () => {
  it('has one input per writable field, each named by its label, with the declared defaults', async () => {
    await open('/lab/gadgets/create', '新建小工具');
    expect(labels()).toEqual(['名称', '编号', '种类', '价格', '启用', '主人', '密钥', '说明']);
    const f = within(form());
    for (const label of labels()) expect(f.getByLabelText(label!), label!).toBeTruthy();
    expect(f.getByLabelText('启用').getAttribute('aria-checked')).toBe('true');
    expect(f.getByLabelText('密钥').getAttribute('type')).toBe('password');
    expect(screen.queryByText('编辑时留空则不修改')).toBeNull();
  });

  it('submitted empty, shows the required messages and sends nothing', async () => {
    const user = await open('/lab/gadgets/create', '新建小工具');
    await user.click(save());
    // antd shows each field's message as its own validation settles.
    await waitFor(() => {
      expect(errorsOf('名称')).toEqual(['请输入名称']);
      expect(errorsOf('编号')).toEqual(['请输入编号']);
      expect(errorsOf('种类')).toEqual(['请输入种类']);
      expect(errorsOf('价格')).toEqual(['请输入价格']);
      expect(errorsOf('密钥')).toEqual(['请输入密钥']);
    });
    expect(errorsOf('主人')).toEqual([]);
    expect(errorsOf('说明')).toEqual([]);
    expect(server.calls('POST /api/gadget/add')).toHaveLength(0);
  });

  it('focuses the first error after a failed save, and leaves the focus where the person goes next', async () => {
    const user = await open('/lab/gadgets/create', '新建小工具');
    // The form brings the error into view again once a folded group has opened (its later timer):
    // held here, so that the person's next click surely comes before it.
    const later: (() => void)[] = [];
    const schedule = window.setTimeout;
    vi.spyOn(window, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) =>
      ms === 450 ? (later.push(fn), 0) : schedule(fn, ms)) as typeof window.setTimeout);
    await user.click(save());
    const name = within(form()).getByLabelText('名称');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(later).toHaveLength(1);
    const serial = within(form()).getByLabelText('编号');
    await user.click(serial);
    await user.keyboard('SN-9');
    later.forEach((fn) => fn());
    expect(document.activeElement).toBe(serial);
    expect(serial).toHaveProperty('value', 'SN-9');
  });

  it('checks the declared limits before sending', async () => {
    const user = await open('/lab/gadgets/create', '新建小工具');
    const f = within(form());
    await user.type(f.getByLabelText('密钥'), 'abc');
    await user.click(f.getByLabelText('名称'));
    await user.paste('x'.repeat(51));
    await user.click(save());
    await waitFor(() => expect(errorsOf('密钥')).toEqual(['密钥长度应为 6-64 个字符']));
    // The text input itself stops at the declared max.
    expect((f.getByLabelText('名称') as HTMLInputElement).value).toHaveLength(50);
    expect(server.calls('POST /api/gadget/add')).toHaveLength(0);
  });

  async function fill(user: ReturnType<typeof userEvent.setup>) {
    const f = within(form());
    await user.type(f.getByLabelText('名称'), '新工具');
    await user.type(f.getByLabelText('编号'), 'SN-9');
    await choose(user, f.getByLabelText('种类'), '乙型');
    await user.type(f.getByLabelText('价格'), '12.5');
    await choose(user, f.getByLabelText('主人'), '老王');
    await user.type(f.getByLabelText('密钥'), 'abcdef');
    await user.type(f.getByLabelText('说明'), '简介');
  }

  it('sends the values with their types, then goes back to the list', async () => {
    server.on('POST /api/gadget/add', (req) => ({ data: { id: 3, ...req.body } }));
    const user = await open('/lab/gadgets/create', '新建小工具');
    await fill(user);
    await user.click(save());
    await waitFor(() => expect(server.calls('POST /api/gadget/add')).toHaveLength(1));
    expect(server.calls('POST /api/gadget/add')[0].body).toEqual({
      name: '新工具',
      serial: 'SN-9',
      kind: 'b',
      price: 12.5,
      active: true,
      owner: 7,
      secret: 'abcdef',
      notes: '简介',
    });
    await waitFor(() => expect(here.path).toBe('/lab/gadgets'));
    expect(await screen.findByText('小工具已添加')).toBeTruthy();
  });

  it('back on the list, shows the new row even when the save came within a second of the list', async () => {
    const rows = [...gadgetRows];
    server.on('POST /api/gadget/data', () => ({ data: { list: rows, total: rows.length } }));
    server.on('POST /api/gadget/add', (req) => {
      rows.unshift({ ...gadgetRows[0], ...req.body, id: 3 });
      return { data: { id: 3 } };
    });
    // The clock held still: however long the form takes to fill here, the list's rows look just fetched.
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await open('/lab/gadgets', '探测器');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    await screen.findByText('新建小工具');
    await fill(user);
    await user.click(save());
    await waitFor(() => expect(here.path).toBe('/lab/gadgets'));
    expect(await screen.findByText('新工具')).toBeTruthy();
    expect(server.calls('POST /api/gadget/data')).toHaveLength(2);
  });

  it("shows the server's field errors under their fields and stays", async () => {
    server.on('POST /api/gadget/add', { code: 400, message: '名称已存在', data: { errors: { name: '名称已存在' } } });
    const user = await open('/lab/gadgets/create', '新建小工具');
    await fill(user);
    await user.click(save());
    await waitFor(() => expect(errorsOf('名称')).toEqual(['名称已存在']));
    expect(errorsOf('种类')).toEqual([]);
    expect(here.path).toBe('/lab/gadgets/create');
  });
});

describe('the edit form', () => {
  it('is filled from the record; the create-only field is locked and the password optional', async () => {
    const user = await open('/lab/gadgets/edit/1', '编辑小工具');
    const f = within(form());
    await waitFor(() => expect(f.getByLabelText('名称')).toHaveProperty('value', '探测器'));
    expect(f.getByLabelText('编号')).toHaveProperty('value', 'SN-0001');
    expect(f.getByLabelText('编号')).toHaveProperty('disabled', true);
    expect(f.getByLabelText('价格')).toHaveProperty('value', '1234.50');
    expect(f.getByLabelText('启用').getAttribute('aria-checked')).toBe('true');
    expect(f.getByLabelText('密钥')).toHaveProperty('value', '');
    expect(screen.getByText('编辑时留空则不修改')).toBeTruthy();
    await waitFor(() => expect(itemOf('主人').querySelector('.ant-select-selection-item')?.textContent).toBe('老王'));
    expect(itemOf('种类').querySelector('.ant-select-selection-item')?.textContent).toBe('甲型');
    await user.click(save());
    await waitFor(() => expect(errorsOf('密钥')).toEqual([]));
    // The blank password is no error: the save goes out. Waiting for it keeps it out of the next test.
    await waitFor(() => expect(server.calls('POST /api/gadget/edit')).toHaveLength(1));
    await waitFor(() => expect(here.path).toBe('/lab/gadgets'));
  });

  it('sends the writable fields with the id, never a create-only or read-only one', async () => {
    server.on('POST /api/gadget/edit', (req) => ({ data: req.body }));
    const user = await open('/lab/gadgets/edit/2', '编辑小工具');
    const f = within(form());
    await waitFor(() => expect(f.getByLabelText('名称')).toHaveProperty('value', '接收器'));
    expect(f.getByLabelText('启用').getAttribute('aria-checked')).toBe('false');
    await user.click(f.getByLabelText('启用'));
    expect(f.getByLabelText('启用').getAttribute('aria-checked')).toBe('true');
    await user.clear(f.getByLabelText('名称'));
    await user.type(f.getByLabelText('名称'), '接收器二号');
    await user.click(save());
    await waitFor(() => expect(server.calls('POST /api/gadget/edit')).toHaveLength(1));
    const { id, ...body } = server.calls('POST /api/gadget/edit')[0].body;
    expect(String(id)).toBe('2');
    // No serial (create-only) and no made_at (read-only): the server refuses unknown fields on edit.
    expect(body).toEqual({ name: '接收器二号', kind: 'b', price: 0.5, active: true, owner: 8, notes: '<ul><li>短</li></ul>' });
    await waitFor(() => expect(here.path).toBe('/lab/gadgets'));
  });
});

describe('a form the role may not use', () => {
  it('says so instead of showing the form', async () => {
    renderConsole({ defs: testResources, url: '/lab/gadgets/create', role: 'user' });
    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(document.querySelector('form')).toBeNull();
  });
});
