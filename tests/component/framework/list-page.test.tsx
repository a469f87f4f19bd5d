import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useEnvelopeServer } from '../providers/envelope-server';
import { here, preloadPages } from './harness';
import { cells, choose, headers, openList as openListAt, rows, searchForm, settled } from './list-helpers';
import { gadgetRows, ownerRows, testResources } from './test-config';

const server = useEnvelopeServer({ preload: preloadPages });
beforeEach(() => {
  server.on('POST /api/gadget/data', { data: { list: gadgetRows, total: 72 } });
  server.on('POST /api/owner/data', { data: { list: ownerRows, total: 2 } });
  server.on('GET /api/owner/detail', (req) => ({ data: ownerRows.find((o) => o.id === Number(req.query.id)) }));
});

const listCalls = () => server.calls('POST /api/gadget/data');
const lastList = () => listCalls().at(-1)!;
async function openList(url = '/lab/gadgets', role: string | null = 'sup') {
  return openListAt({ defs: testResources, url, role, waitFor: '探测器' });
}

describe('the generated list', () => {
  it('shows the list fields as columns in declaration order (the time columns last, kept in view by the actions), never a write-only one; sortable ones sort', async () => {
    await openList();
    expect(headers()).toEqual(['ID', '名称', '种类', '价格', '启用', '主人', '说明', '生产时间', '操作']);
    expect(screen.queryByText('密钥')).toBeNull();
    const sortable = [...document.querySelectorAll('thead th')]
      .filter((th) => th.className.includes('has-sorters'))
      .map((th) => th.textContent);
    expect(sortable).toEqual(['ID', '名称', '价格', '生产时间']);
    expect(document.querySelector('thead th.ant-table-cell-fix-right')?.textContent).toBe('生产时间');
  });

  it('formats cells by field type, from the first page of 20 unfiltered', async () => {
    await openList();
    const [first, second] = rows();
    expect(cells(first).slice(0, 8)).toEqual(['1', '探测器', '甲型', '$1,234.50', '是', '老王', '第一段 & 第二段', '2024-03-05 10:20:30']);
    expect(cells(second).slice(0, 8)).toEqual(['2', '接收器', '乙型', '$0.50', '否', '小李', '短', '2024-03-06 08:00:00']);
    expect(first.innerHTML).not.toMatch(/<b>|<p>/);
    expect(screen.getByText('共 72 条')).toBeTruthy();
    // The first request: page 1 of 20, nothing filtered.
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0].url).toBe('/api/gadget/data?page=1&pageSize=20');
    expect(listCalls()[0].body).toEqual({});
  });

  it('has one input per searchable field, each named by its label', async () => {
    await openList();
    const labels = [...searchForm().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['名称', '种类', '价格', '启用', '生产时间', '主人']);
    const form = within(searchForm());
    for (const label of labels) expect(form.getByLabelText(label!), label!).toBeTruthy();
  });
});

describe('the search form', () => {
  it('puts the filters in the URL and sends them with their types', async () => {
    const user = await openList();
    const form = within(searchForm());
    await user.type(form.getByLabelText('名称'), '探测');
    await choose(user, form.getByLabelText('种类'), '甲型');
    await user.type(form.getByPlaceholderText('最小'), '10');
    await user.type(form.getByPlaceholderText('最大'), '2000.5');
    await choose(user, form.getByLabelText('启用'), '是');
    await user.click(form.getByRole('button', { name: /查询/ }));

    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(here.search.get('f_name')).toBe('探测');
    expect(here.search.get('f_kind')).toBe('a');
    expect(here.search.get('f_price')).toBe('10~2000.5');
    expect(here.search.get('f_active')).toBe('true');
    expect(lastList().url).toBe('/api/gadget/data?page=1&pageSize=20');
    expect(lastList().body).toEqual({ name: '探测', kind: 'a', price: [10, 2000.5], active: true });
  });

  it('sends a range of whole days typed into the picker as from~to dates', async () => {
    const user = await openList();
    const start = within(searchForm()).getByPlaceholderText('开始日期');
    await user.click(start);
    await user.paste('2024-01-01');
    await user.keyboard('{Enter}');
    const end = within(searchForm()).getByPlaceholderText('结束日期');
    await user.click(end);
    await user.paste('2024-01-31');
    await user.keyboard('{Enter}');
    await user.click(within(searchForm()).getByRole('button', { name: /查询/ }));

    // Dates only: the server takes the end day whole (to its last moment).
    await waitFor(() => expect(here.search.get('f_made_at')).toBe('2024-01-01~2024-01-31'));
    await waitFor(() => expect(lastList().body).toEqual({ made_at: ['2024-01-01', '2024-01-31'] }));
  });

  it('sends false for 否 (a false filter is a filter)', async () => {
    const user = await openList();
    await choose(user, within(searchForm()).getByLabelText('启用'), '否');
    await user.click(within(searchForm()).getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(lastList().body).toEqual({ active: false }));
    expect(here.search.get('f_active')).toBe('false');
  });

  const fullUrl =
    '/lab/gadgets?' +
    new URLSearchParams({
      f_name: '探测',
      f_kind: 'a',
      f_price: '10~2000.5',
      f_active: 'true',
      f_made_at: '2024-01-01~2024-01-31',
      f_owner: '7',
      sort: 'price',
      order: 'desc',
      page: '2',
      pageSize: '50',
    }).toString();
  const fullBody = {
    name: '探测',
    kind: 'a',
    price: [10, 2000.5],
    active: true,
    made_at: ['2024-01-01', '2024-01-31'],
    owner: 7,
    sort: 'price',
    order: 'desc',
  };

  it('opened from a URL, fills the form and sends the same body', async () => {
    await openList(fullUrl);
    expect(listCalls()[0].url).toBe('/api/gadget/data?page=2&pageSize=50');
    expect(listCalls()[0].body).toEqual(fullBody);
    const form = within(searchForm());
    expect(form.getByLabelText('名称')).toHaveProperty('value', '探测');
    expect(form.getByPlaceholderText('最小')).toHaveProperty('value', '10');
    expect(form.getByPlaceholderText('最大')).toHaveProperty('value', '2000.5');
    expect(form.getByPlaceholderText('开始日期')).toHaveProperty('value', '2024-01-01');
    expect(form.getByPlaceholderText('结束日期')).toHaveProperty('value', '2024-01-31');
    const selected = () => [...searchForm().querySelectorAll('.ant-select-selection-item')].map((e) => e.textContent);
    await waitFor(() => expect(selected()).toEqual(['甲型', '是', '老王']));
  });

  it('submitted unchanged, keeps every filter and the sort, back on page 1', async () => {
    const user = await openList(fullUrl);
    await waitFor(() => expect(searchForm().querySelectorAll('.ant-select-selection-item')).toHaveLength(3));
    await user.click(within(searchForm()).getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(lastList().url).toBe('/api/gadget/data?page=1&pageSize=50'));
    expect(lastList().body).toEqual(fullBody);
    const expected = new URLSearchParams(fullUrl.split('?')[1]);
    expected.delete('page');
    expect(Object.fromEntries(here.search)).toEqual(Object.fromEntries(expected));
  });

  it('reset clears every filter from the URL and the body', async () => {
    const user = await openList(fullUrl);
    await user.click(within(searchForm()).getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(lastList().body).toEqual({ sort: 'price', order: 'desc' }));
    expect([...here.search.keys()].filter((k) => k.startsWith('f_'))).toEqual([]);
    expect(within(searchForm()).getByLabelText('名称')).toHaveProperty('value', '');
  });
});

describe('sorting and paging', () => {
  it('a click on a sortable header sorts ascending, a second descending, a third not at all', async () => {
    const user = await openList();
    const header = () => screen.getByRole('columnheader', { name: '名称' });
    await user.click(header());
    await waitFor(() => expect(lastList().body).toEqual({ sort: 'name', order: 'asc' }));
    expect(here.search.get('sort')).toBe('name');
    expect(here.search.get('order')).toBe('asc');
    await settled();
    await user.click(header());
    await waitFor(() => expect(lastList().body).toEqual({ sort: 'name', order: 'desc' }));
    expect(here.search.get('order')).toBe('desc');
    await settled();
    await user.click(header());
    await waitFor(() => expect(here.search.get('sort')).toBeNull());
    await waitFor(() => expect(lastList().body).toEqual({}));
  });

  it('a page link sends page and size and puts the page in the URL', async () => {
    const user = await openList();
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastList().url).toBe('/api/gadget/data?page=3&pageSize=20'));
    expect(here.search.get('page')).toBe('3');
  });

  it('changing the page size goes back to page 1', async () => {
    const user = await openList('/lab/gadgets?page=2');
    expect(listCalls()[0].url).toBe('/api/gadget/data?page=2&pageSize=20');
    await choose(user, document.querySelector('.ant-pagination-options .ant-select-selection-search-input') as HTMLElement, '50 条/页');
    await waitFor(() => expect(lastList().url).toBe('/api/gadget/data?page=1&pageSize=50'));
    expect(here.search.get('pageSize')).toBe('50');
    expect(here.search.get('page')).toBeNull();
  });
});
