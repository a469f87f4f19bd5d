/**
 * What a generated list says when it has no rows: with none at all, the sentence its declaration
 * gives (per role when it gives one for each) and the button to the next step (a screen, or the new
 * record's form for a role that may add); with filters that find nothing, 没有符合条件的记录 and
 * 清除筛选; with nothing declared, 暂无数据; a narrowing tab that finds nothing names itself and offers
 * the tab with every row, unless the list has none at all. The same on a phone's cards.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ResourceDef } from '../../../src/framework/declaration';
import { useEnvelopeServer } from '../providers/envelope-server';
import { setViewportWidth } from '../layout/viewport';
import { here, preloadPages, renderConsole } from './harness';
import { openList, searchForm } from './list-helpers';
import { gadgets, ownerRows, owners } from './test-config';

const byRole = {
  ...gadgets,
  empty: {
    sup: { text: '还没有小工具', hint: '先去主人列表添加主人', action: { label: '添加小工具', to: 'create' } },
    customer: { text: '你还没有小工具', action: { label: '去看看主人', to: '/lab/owners' } },
  },
} satisfies ResourceDef;
const plain = { ...owners, empty: { text: '还没有主人', action: { label: '去小工具', to: '/lab/gadgets' } } } satisfies ResourceDef;
const createOnly = { ...gadgets, empty: { text: '还没有小工具', action: { label: '添加小工具', to: 'create' } } } satisfies ResourceDef;

const server = useEnvelopeServer({ preload: preloadPages });
beforeEach(() => {
  server.on('POST /api/gadget/data', { data: { list: [], total: 0 } });
  server.on('POST /api/owner/data', { data: { list: [], total: 0 } });
});

const emptyBox = () => screen.getByTestId('list-empty');
/** The words under the picture (whose own title says 暂无数据 to a screen reader). */
const said = () => emptyBox().querySelector('.ant-empty-description')?.textContent;

describe('an empty list with nothing filtered', () => {
  it('says what the declaration gives the role and opens the screen its button names', async () => {
    const user = await openList({ defs: { gadgets: byRole, owners: plain }, url: '/lab/gadgets', role: 'user', waitFor: '你还没有小工具' });
    expect(said()).toBe('你还没有小工具');
    await user.click(within(emptyBox()).getByRole('button', { name: '去看看主人' }));
    await waitFor(() => expect(here.path).toBe('/lab/owners'));
    expect(await screen.findByText('还没有主人')).toBeTruthy();
    expect(within(emptyBox()).getByRole('button', { name: '去小工具' })).toBeTruthy();
  });

  it("gives sup its own sentence, the hint, and the new record's form", async () => {
    const user = await openList({ defs: { gadgets: byRole, owners: plain }, url: '/lab/gadgets', role: 'sup', waitFor: '还没有小工具' });
    expect(within(emptyBox()).getByText('先去主人列表添加主人')).toBeTruthy();
    await user.click(within(emptyBox()).getByRole('button', { name: '添加小工具' }));
    await waitFor(() => expect(here.path).toBe('/lab/gadgets/create'));
  });

  it("leaves out the new record's button for a role that may not add", async () => {
    await openList({ defs: { gadgets: createOnly, owners }, url: '/lab/gadgets', role: 'user', waitFor: '还没有小工具' });
    expect(within(emptyBox()).queryByRole('button')).toBeNull();
  });

  it('says 暂无数据 when the declaration says nothing', async () => {
    renderConsole({ defs: { gadgets, owners }, url: '/lab/gadgets', role: 'sup' });
    await waitFor(() => expect(said()).toBe('暂无数据'));
    expect(within(emptyBox()).queryByRole('button')).toBeNull();
  });
});

describe('an empty list under filters', () => {
  it('says no record matches, and 清除筛选 shows the whole list again', async () => {
    server.on('POST /api/gadget/data', (req) => ({
      data: req.body?.name ? { list: [], total: 0 } : { list: [{ id: 1, name: '探测器', kind: 'a', price: 1, active: true }], total: 1 },
    }));
    server.on('POST /api/owner/data', { data: { list: ownerRows, total: 2 } });
    const user = await openList({
      defs: { gadgets: byRole, owners },
      url: '/lab/gadgets?f_name=%E6%97%A0',
      role: 'sup',
      waitFor: '没有符合条件的记录',
    });
    expect(said()).toBe('没有符合条件的记录');
    expect(within(searchForm()).getByLabelText('名称')).toHaveProperty('value', '无');
    await user.click(within(emptyBox()).getByRole('button', { name: '清除筛选' }));
    expect(await screen.findByText('探测器')).toBeTruthy();
    expect(here.search.get('f_name')).toBeNull();
    expect(server.calls('POST /api/gadget/data').at(-1)!.body).toEqual({});
    expect(within(searchForm()).getByLabelText('名称')).toHaveProperty('value', '');
  });
});

describe('an empty tab', () => {
  const tabbed = {
    ...byRole,
    tabs: [
      { key: 'live', label: '启用中', filters: { active: 1 } },
      { key: 'all', label: '全部' },
    ],
  } satisfies ResourceDef;
  // The tab's filter finds nothing; the whole list has what `others` gives.
  const rowsBeside = (others: unknown[]) =>
    server.on('POST /api/gadget/data', (req) => ({
      data: req.body?.active !== undefined ? { list: [], total: 0 } : { list: others, total: others.length },
    }));

  it('says which rows it found none of and offers the tab with all of them, when other rows exist', async () => {
    rowsBeside([{ id: 1, name: '探测器', kind: 'a', price: 1, active: false }]);
    const user = await openList({
      defs: { gadgets: tabbed, owners: plain },
      url: '/lab/gadgets',
      role: 'user',
      waitFor: '没有启用中的小工具',
    });
    await user.click(within(emptyBox()).getByRole('button', { name: '查看全部' }));
    expect(await screen.findByText('探测器')).toBeTruthy();
  });

  it('says the first-use words when the list has no row at all', async () => {
    rowsBeside([]);
    await openList({ defs: { gadgets: tabbed, owners: plain }, url: '/lab/gadgets', role: 'user', waitFor: '你还没有小工具' });
    expect(said()).toBe('你还没有小工具');
    expect(within(emptyBox()).getByRole('button', { name: '去看看主人' })).toBeTruthy();
    expect(within(emptyBox()).queryByRole('button', { name: '查看全部' })).toBeNull();
  });
});

describe('on a phone', () => {
  beforeEach(() => setViewportWidth(375));
  afterEach(() => setViewportWidth(1280));

  it('shows the same sentence and button in place of the cards', async () => {
    const user = await openList({ defs: { gadgets: byRole, owners: plain }, url: '/lab/gadgets', role: 'user', waitFor: '你还没有小工具' });
    expect(document.querySelector('table')).toBeNull();
    await user.click(within(emptyBox()).getByRole('button', { name: '去看看主人' }));
    await waitFor(() => expect(here.path).toBe('/lab/owners'));
  });

  it('does not show the empty sentence before the rows have arrived', async () => {
    let answer!: () => void;
    server.on(
      'POST /api/gadget/data',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ data: { list: [], total: 0 } });
        }),
    );
    renderConsole({ defs: { gadgets: byRole, owners: plain }, url: '/lab/gadgets', role: 'user' });
    await waitFor(() => expect(server.calls('POST /api/gadget/data')).toHaveLength(1));
    // The screen is up (its filter button shows), the rows are not in yet.
    await screen.findByRole('button', { name: /筛\s?选/ });
    expect(screen.queryByTestId('list-empty')).toBeNull();
    answer();
    expect(await screen.findByText('你还没有小工具')).toBeTruthy();
  });
});
