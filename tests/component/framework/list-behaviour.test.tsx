/**
 * What every generated list does beyond showing rows: it never shows another list's rows, a new sort
 * starts at page 1, a saved edit returns to the list as it was left, a failure says why and offers
 * 重试, columns are sized by type, signed money is coloured, and date filters are whole days.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dateIn } from '../../../src/framework/time-zone';
import { useEnvelopeServer } from '../providers/envelope-server';
import { here, preloadPages } from './harness';
import dayjs from 'dayjs';
import { setViewportWidth } from '../layout/viewport';
import { headers, openList, rows, searchForm, settled } from './list-helpers';
import { entries, entryRows, gadgetRows, ownerRows, testResources } from './test-config';

const defs = { ...testResources, entries };
const server = useEnvelopeServer({ preload: preloadPages });
beforeEach(() => {
  server.on('POST /api/gadget/data', { data: { list: gadgetRows, total: 72 } });
  server.on('POST /api/owner/data', { data: { list: ownerRows, total: 2 } });
  server.on('POST /api/entry/data', { data: { list: entryRows, total: 2 } });
});
const lastBody = (route: string) => server.calls(route).at(-1)?.body;
const params = () => Object.fromEntries(here.search);

describe('moving between lists', () => {
  it("never shows the previous list's rows under the new headers", async () => {
    await openList({ defs, url: '/lab/gadgets', role: 'sup', waitFor: '探测器' });
    let answer!: () => void;
    server.on(
      'POST /api/entry/data',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ data: { list: entryRows, total: 2 } });
        }),
    );
    act(() => here.go('/lab/entries'));
    await waitFor(() => expect(headers()).toContain('备注'));
    // The new list is loading: none of the old rows, in any form.
    expect(rows()).toHaveLength(0);
    expect(document.querySelector('tbody')?.textContent).not.toContain('探测器');
    await waitFor(() => expect(server.calls('POST /api/entry/data')).toHaveLength(1));
    answer();
    expect(await screen.findByText('充值')).toBeTruthy();
    expect(rows()).toHaveLength(2);
  });
});

describe('sorting', () => {
  it('a new sort goes back to page 1', async () => {
    const user = await openList({ defs, url: '/lab/gadgets?page=3', role: 'sup', waitFor: '探测器' });
    expect(server.calls('POST /api/gadget/data')[0].url).toBe('/api/gadget/data?page=3&pageSize=20');
    await user.click(screen.getByRole('columnheader', { name: '名称' }));
    await waitFor(() => expect(server.calls('POST /api/gadget/data').at(-1)?.url).toBe('/api/gadget/data?page=1&pageSize=20'));
    expect(lastBody('POST /api/gadget/data')).toEqual({ sort: 'name', order: 'asc' });
    expect(here.search.get('page')).toBeNull();
  });
});

describe('leaving a list for a record and coming back', () => {
  const listUrl = '/lab/gadgets?page=2&sort=price&order=desc&f_kind=a';
  const left = { page: '2', sort: 'price', order: 'desc', f_kind: 'a' };
  beforeEach(() => {
    server.on('GET /api/gadget/detail', (req) => ({ data: { ...gadgetRows.find((g) => g.id === Number(req.query.id)), serial: 'SN-2' } }));
    server.on('GET /api/owner/detail', (req) => ({ data: ownerRows.find((o) => o.id === Number(req.query.id)) }));
  });

  it('saving an edit returns to the list with its filters, page and sort', async () => {
    server.on('POST /api/gadget/edit', (req) => ({ data: req.body }));
    const user = await openList({ defs, url: listUrl, role: 'sup', waitFor: '接收器' });
    await user.click(await within(rows()[1]).findByRole('button', { name: /编辑/ }));
    await waitFor(() => expect(here.path).toBe('/lab/gadgets/edit/2'));
    await screen.findByText('编辑小工具');
    await waitFor(() => expect(screen.getByLabelText('名称')).toHaveProperty('value', '接收器'));
    await user.clear(screen.getByLabelText('名称'));
    await user.type(screen.getByLabelText('名称'), '新接收器');
    await user.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(here.path).toBe('/lab/gadgets'));
    expect(params()).toEqual(left);
    expect(server.calls('POST /api/gadget/edit')[0].body).toMatchObject({ id: '2', name: '新接收器' });
    await waitFor(() => expect(server.calls('POST /api/gadget/data').at(-1)?.url).toBe('/api/gadget/data?page=2&pageSize=20'));
    expect(lastBody('POST /api/gadget/data')).toEqual({ kind: 'a', sort: 'price', order: 'desc' });
  });

  it("返回列表 from a record's details does the same", async () => {
    const user = await openList({ defs, url: listUrl, role: 'sup', waitFor: '接收器' });
    await user.click(await within(rows()[0]).findByRole('button', { name: /查看/ }));
    await screen.findByText('小工具详情');
    await user.click(screen.getByRole('button', { name: /返回列表/ }));
    await waitFor(() => expect(here.path).toBe('/lab/gadgets'));
    expect(params()).toEqual(left);
  });
});

describe('a list that fails to load', () => {
  it('says why, once, and 重试 loads it', async () => {
    let fail = true;
    server.on('POST /api/entry/data', () =>
      fail ? { code: 500, message: '服务器内部错误 (请求编号 r-42)' } : { data: { list: entryRows, total: 2 } },
    );
    const user = await openList({ defs, url: '/lab/entries', role: 'sup', waitFor: '列表加载失败' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('服务器内部错误 (请求编号 r-42)');
    expect(screen.getByText('加载失败')).toBeTruthy();
    // The toast says it once; Refine's own "错误 (状态码: 500)" notice is not added.
    await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1));
    expect(document.body.textContent).not.toContain('状态码');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByText('充值')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});

describe('columns', () => {
  it('take their widths from their field types; long text shares the rest', async () => {
    await openList({ defs, url: '/lab/entries', role: 'sup', waitFor: '充值' });
    const widths = [
      ...document.querySelectorAll('.ant-table-header colgroup col, .ant-table-content colgroup col, .ant-table-body colgroup col'),
    ]
      .slice(0, 5)
      .map((c) => (c as HTMLElement).style.width);
    // ID, 金额, 备注 (no width: it takes what is left), 创建时间, 操作 (查看)
    expect(widths).toEqual(['72px', '104px', '', '160px', '60px']);
  });

  it('cut long text with an ellipsis and show it whole in a tooltip', async () => {
    await openList({ defs, url: '/lab/entries', role: 'sup', waitFor: '充值' });
    const long = entryRows[1].remark;
    const box = [...document.querySelectorAll<HTMLElement>('.fw-ellipsis-box')].find((b) => b.textContent === long)!;
    const line = box.firstElementChild as HTMLElement;
    Object.defineProperty(line, 'scrollWidth', { configurable: true, value: 900 });
    Object.defineProperty(line, 'clientWidth', { configurable: true, value: 200 });
    fireEvent.mouseEnter(box);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe(long);
    // A text that fits gets no tooltip.
    const short = [...document.querySelectorAll<HTMLElement>('.fw-ellipsis-box')].find((b) => b.textContent === '充值')!;
    fireEvent.mouseEnter(short);
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
  });

  it('colour signed money: credits green with +, debits red', async () => {
    await openList({ defs, url: '/lab/entries', role: 'sup', waitFor: '充值' });
    expect(screen.getByText('+$5.00').className).toContain('fw-credit');
    expect(screen.getByText('-$3.00').className).toContain('fw-debit');
  });
});

describe('date range filters', () => {
  it('offer 今天 / 昨天 / 近7天 / 本月; 今天 finds today, end day included', async () => {
    const user = await openList({ defs, url: '/lab/entries', role: 'sup', waitFor: '充值' });
    await user.click(within(searchForm()).getByPlaceholderText('开始日期'));
    const presets = await waitFor(() => {
      const list = document.querySelector('.ant-picker-presets');
      if (!list) throw new Error('no presets');
      return list as HTMLElement;
    });
    expect([...presets.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['今天', '昨天', '近7天', '本月']);
    await user.click(within(presets).getByText('今天'));
    await user.click(within(searchForm()).getByRole('button', { name: /查询/ }));
    const today = dateIn();
    await waitFor(() => expect(lastBody('POST /api/entry/data')).toEqual({ create_at: [today, today] }));
    expect(here.search.get('f_create_at')).toBe(`${today}~${today}`);
    await settled();
  });
});

describe('on a phone', () => {
  beforeEach(() => setViewportWidth(375));
  afterEach(() => setViewportWidth(1280));
  const cards = () => [...document.querySelectorAll<HTMLElement>('.fw-card')];
  const lines = (card: HTMLElement) =>
    [...card.querySelectorAll('.fw-card-row')].map((row) => [
      row.querySelector('.fw-card-label')?.textContent,
      row.querySelector('.fw-card-value')?.textContent,
    ]);

  it('shows a card per record, each field a line, the row actions inside; no table', async () => {
    await openList({ defs, url: '/lab/gadgets', role: 'sup', waitFor: '探测器' });
    expect(document.querySelector('table')).toBeNull();
    expect(cards()).toHaveLength(2);
    expect(lines(cards()[0])).toEqual([
      ['ID', '1'],
      ['名称', '探测器'],
      ['种类', '甲型'],
      ['价格', '$1,234.50'],
      ['启用', '是'],
      ['生产时间', '2024-03-05 10:20:30'],
      ['主人', '老王'],
      ['说明', '第一段 & 第二段'],
    ]);
    await waitFor(() =>
      expect(
        within(cards()[1])
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['查看', '编辑', '删除']),
    );
    expect(screen.getByText('共 72 条')).toBeTruthy();
  });

  it('keeps the search form behind 筛选, stacked, with two day pickers and the presets as buttons', async () => {
    const user = await openList({ defs, url: '/lab/entries', role: 'sup', waitFor: '充值' });
    expect(screen.queryByRole('search')).toBeNull();
    await user.click(screen.getByRole('button', { name: /筛\s?选/ }));
    expect(searchForm().className).toContain('fw-search-narrow');
    expect(document.querySelector('.ant-picker-range')).toBeNull();
    await user.click(within(searchForm()).getByRole('button', { name: '近7天' }));
    await user.click(within(searchForm()).getByRole('button', { name: /查询/ }));
    const today = dateIn();
    const weekAgo = dayjs(today).subtract(6, 'day').format('YYYY-MM-DD');
    await waitFor(() => expect(lastBody('POST /api/entry/data')).toEqual({ create_at: [weekAgo, today] }));
    // Used, the form folds away; the button counts the filter, and reopens it as it was.
    expect(screen.queryByRole('search')).toBeNull();
    await user.click(screen.getByRole('button', { name: /筛选 \(1\)/ }));
    expect(within(searchForm()).getByPlaceholderText('开始日期')).toHaveProperty('value', weekAgo);
    expect(within(searchForm()).getByPlaceholderText('结束日期')).toHaveProperty('value', today);
  });

  it('sorts from a select (what table headers do on a wide screen), from page 1', async () => {
    const user = await openList({ defs, url: '/lab/gadgets?page=2', role: 'sup', waitFor: '探测器' });
    // Until antd's Select has arrived (once the page is quiet) a button stands in; pressing it brings
    // the Select, open. On a slow run the Select may have arrived first: pressing it opens it too.
    const standIn = screen.queryByRole('button', { name: '排序 默认排序' });
    await user.click(standIn ?? screen.getByRole('combobox', { name: '排序' }));
    expect(await screen.findByRole('combobox', { name: '排序' })).toBeTruthy();
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
        (o) => o.textContent === '价格 降序',
      );
      if (!found) throw new Error('the sort options are not open');
      return found as HTMLElement;
    });
    await user.click(option);
    await waitFor(() => expect(lastBody('POST /api/gadget/data')).toEqual({ sort: 'price', order: 'desc' }));
    expect(server.calls('POST /api/gadget/data').at(-1)?.url).toBe('/api/gadget/data?page=1&pageSize=20');
  });
});
