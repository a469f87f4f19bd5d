/**
 * A list's own toolbar actions (registered by name, given the filters and the ticked rows), row
 * selection in the table and on phone cards, and live lists that refetch by themselves while the
 * page is visible, without a spinner and without unticking anything.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ResourceDef } from '../../../src/framework/declaration';
import { registry, type ToolbarActionProps } from '../../../src/framework/registry';
import { useEnvelopeServer } from '../providers/envelope-server';
import { setViewportWidth } from '../layout/viewport';
import { here, preloadPages } from './harness';
import { openList, rows, settled } from './list-helpers';

const things = {
  label: '物件',
  api: 'thing',
  table: 'things',
  route: '/lab/things',
  menu: { label: { sup: '全部物件', customer: '我的物件' }, icon: 'AppstoreOutlined', visible: 'any' },
  access: { list: 'any' },
  selectable: true,
  toolbar: [
    { name: 'probe', label: '探针', access: 'any' },
    { name: 'supOnly', label: '管理员操作', access: 'sup' },
  ],
  fields: {
    id: { label: 'ID', type: 'int', readonly: true, list: true },
    name: { label: '名称', type: 'text', readonly: true, list: true, search: 'contains' },
    kind: { label: '种类', type: 'enum', readonly: true, list: true, search: 'eq', options: { a: { label: '甲' }, b: { label: '乙' } } },
  },
} satisfies ResourceDef;

const feed = {
  label: '消息',
  api: 'feed',
  table: 'feed',
  route: '/lab/feed',
  access: { list: 'any' },
  selectable: true,
  live: { seconds: 1 },
  fields: {
    id: { label: 'ID', type: 'int', readonly: true, list: true },
    text: { label: '内容', type: 'text', readonly: true, list: true },
  },
} satisfies ResourceDef;

const defs: Record<string, ResourceDef> = { things, feed };
const thingRows = [
  { id: 1, name: '甲一', kind: 'a' },
  { id: 2, name: '甲二', kind: 'a' },
  { id: 3, name: '甲三', kind: 'a' },
];

/** What the probe was last given when clicked. */
let seen: ToolbarActionProps | null = null;
registry.toolbarAction('probe', (props) => (
  <button
    type="button"
    onClick={() => {
      seen = props;
    }}
  >
    {props.label}({props.selected.length}/{props.total})
  </button>
));
registry.toolbarAction('supOnly', (props) => <button type="button">{props.label}</button>);

const server = useEnvelopeServer({ preload: preloadPages });
beforeEach(() => {
  seen = null;
  server.on('POST /api/thing/data', { data: { list: thingRows, total: 7 } });
});

const tick = (row: HTMLElement) => within(row).getByRole('checkbox');

describe('toolbar actions', () => {
  it('get the filters, the total and the ticked rows', async () => {
    const user = await openList({ defs, url: '/lab/things?f_kind=a&f_name=甲', role: 'user', waitFor: '甲一' });
    await settled();
    expect(screen.getByRole('button', { name: '探针(0/7)' })).toBeTruthy();
    // Declared for sup only: a customer does not get it.
    expect(screen.queryByRole('button', { name: '管理员操作' })).toBeNull();
    await user.click(tick(rows()[0]));
    await user.click(tick(rows()[2]));
    expect(screen.getByTestId('picked-count').textContent).toBe('已选 2 项');
    await user.click(screen.getByRole('button', { name: '探针(2/7)' }));
    expect(seen!.filters).toEqual({ kind: 'a', name: '甲' });
    expect(seen!.selected).toEqual([1, 3]);
    expect(seen!.selectedRecords.map((r) => r.name)).toEqual(['甲一', '甲三']);
    expect(seen!.resource).toBe('things');
    act(() => seen!.clearSelection());
    expect(screen.getByTestId('picked-count').textContent).toBe('未选择');
  });

  it("a sup gets the sup-only action too, and the title is the sup's menu label", async () => {
    await openList({ defs, url: '/lab/things', role: 'sup', waitFor: '甲一' });
    expect(screen.getByRole('button', { name: '管理员操作' })).toBeTruthy();
    expect(screen.getByText('全部物件')).toBeTruthy();
  });

  it("the customer sees the customer's menu label as the title", async () => {
    await openList({ defs, url: '/lab/things', role: 'user', waitFor: '甲一' });
    expect(screen.getByText('我的物件')).toBeTruthy();
  });

  it('ticks stay across pages; the header box ticks the whole page', async () => {
    server.on('POST /api/thing/data', (req) => ({
      data: { list: req.query.page === '2' ? [{ id: 9, name: '乙九', kind: 'b' }] : thingRows, total: 4 },
    }));
    const user = await openList({ defs, url: '/lab/things?pageSize=10', role: 'user', waitFor: '甲一' });
    await settled();
    const all = document.querySelector<HTMLInputElement>('thead .ant-table-selection input')!;
    await user.click(all);
    expect(screen.getByTestId('picked-count').textContent).toBe('已选 3 项');
    // To page 2 through the URL (what the pager does), then tick its row.
    act(() => here.go('/lab/things?pageSize=10&page=2'));
    await screen.findByText('乙九');
    await settled();
    await user.click(tick(rows()[0]));
    expect(screen.getByTestId('picked-count').textContent).toBe('已选 4 项');
    await user.click(screen.getByRole('button', { name: '探针(4/4)' }));
    expect(seen!.selected).toEqual([1, 2, 3, 9]);
    // New filters find other rows: the ticks go.
    act(() => here.go('/lab/things?pageSize=10&f_kind=b'));
    await waitFor(() => expect(screen.getByTestId('picked-count').textContent).toBe('未选择'));
  });
});

describe('selection on a phone', () => {
  beforeEach(() => setViewportWidth(375));
  afterEach(() => setViewportWidth(1280));
  const cards = () => [...document.querySelectorAll<HTMLElement>('.fw-card')];

  it('each card has a box; 全选本页 ticks them all; the toolbar gets them', async () => {
    const user = await openList({ defs, url: '/lab/things', role: 'user', waitFor: '甲一' });
    expect(document.querySelector('table')).toBeNull();
    await user.click(within(cards()[1]).getByRole('checkbox', { name: /选择/ }));
    expect(screen.getByTestId('picked-count').textContent).toBe('已选 1 项');
    await user.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(cards().every((c) => within(c).getByRole('checkbox').matches(':checked'))).toBe(true);
    await user.click(screen.getByRole('button', { name: '探针(3/7)' }));
    expect(seen!.selected.slice().sort()).toEqual([1, 2, 3]);
    await user.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByTestId('picked-count').textContent).toBe('未选择');
  });
});

describe('a live list', () => {
  let hidden = false;
  beforeEach(() => {
    hidden = false;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  });
  afterEach(() => {
    delete (document as { hidden?: boolean }).hidden;
  });

  /** Answers with the rows so far, a little slowly, so a refetch in flight can be looked at. */
  function serveFeed(list: Array<{ id: number; text: string }>) {
    server.on('POST /api/feed/data', async () => {
      await new Promise((r) => setTimeout(r, 250));
      return { data: { list: [...list].reverse(), total: list.length } };
    });
  }

  it('shows new rows by itself, without a spinner over the rows, keeping the ticks', async () => {
    const list = [{ id: 1, text: '第一条' }];
    serveFeed(list);
    const user = await openList({ defs, url: '/lab/feed', role: 'user', waitFor: '第一条' });
    await settled();
    await user.click(tick(rows()[0]));
    const calls = server.calls('POST /api/feed/data').length;
    list.push({ id: 2, text: '第二条' });
    // While the refetch is on its way the rows stay and no spinner covers them.
    await waitFor(() => expect(server.calls('POST /api/feed/data').length).toBeGreaterThan(calls));
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    expect(screen.getByText('第一条')).toBeTruthy();
    expect(await screen.findByText('第二条')).toBeTruthy();
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    expect(screen.getByTestId('picked-count').textContent).toBe('已选 1 项');
    const ticked = rows().find((r) => r.textContent?.includes('第一条'))!;
    expect(tick(ticked).matches(':checked')).toBe(true);
  });

  it('asks nothing while the page is hidden, and catches up as soon as it shows', async () => {
    serveFeed([{ id: 1, text: '第一条' }]);
    await openList({ defs, url: '/lab/feed', role: 'user', waitFor: '第一条' });
    await settled();
    hidden = true;
    await new Promise((r) => setTimeout(r, 400));
    const before = server.calls('POST /api/feed/data').length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(server.calls('POST /api/feed/data').length).toBe(before);
    hidden = false;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(server.calls('POST /api/feed/data').length).toBeGreaterThan(before));
  });

  it('a list not declared live does not refetch', async () => {
    await openList({ defs, url: '/lab/things', role: 'user', waitFor: '甲一' });
    await settled();
    const before = server.calls('POST /api/thing/data').length;
    await new Promise((r) => setTimeout(r, 1600));
    expect(server.calls('POST /api/thing/data').length).toBe(before);
  });
});
