/**
 * A row with many actions: the declared ones first, then 查看 and 编辑, 删除 last; the first few are
 * links, the rest sit behind 更多 and still work (an action opens its own dialog, which stays open
 * after the menu closes; 删除 there asks in a dialog); an action registered with `shows` is left out
 * of the rows it does not apply to. Phones (cards) show every link.
 */
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { registry, type RowActionProps } from '../../../src/framework/registry';
import { RowLink } from '../../../src/framework/list/RowLink';
import { actionsWidth, inlineCount } from '../../../src/framework/list/RowActions';
import type { ResourceDef } from '../../../src/framework/declaration';
import { useEnvelopeServer } from '../providers/envelope-server';
import { preloadPages } from './harness';
import { openList, rows } from './list-helpers';
import { gadgetRows, gadgets, ownerRows, owners } from './test-config';

function DialogAction({ record, label }: RowActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowLink onClick={() => setOpen(true)}>{label}</RowLink>
      <Modal open={open} title={`${label} - ${record.name}`} onCancel={() => setOpen(false)} footer={null}>
        对话框内容
      </Modal>
    </>
  );
}
registry.rowAction('labOne', DialogAction);
registry.rowAction('labTwo', DialogAction);
registry.rowAction('labThree', DialogAction);
// Only for active rows.
registry.rowAction('labActive', DialogAction, (r) => r.active === true);

const busy = {
  ...gadgets,
  access: { list: 'any', show: 'any' },
  actions: [
    { name: 'labActive', label: '仅启用', access: 'any' },
    { name: 'labOne', label: '第一操作', access: 'any' },
    { name: 'labTwo', label: '第二操作', access: 'any' },
    { name: 'labThree', label: '第三操作', access: 'any' },
  ],
} satisfies ResourceDef;
// Every built-in action as well, and one declared.
const crowded = {
  ...gadgets,
  route: '/lab/crowded',
  access: { list: 'any', show: 'any', edit: 'any', del: 'any' },
  actions: [{ name: 'labOne', label: '第一操作', access: 'any' }],
} satisfies ResourceDef;
const defs: Record<string, ResourceDef> = { gadgets: busy, crowded, owners };

const server = useEnvelopeServer({ preload: preloadPages });
beforeEach(() => {
  server.on('POST /api/gadget/data', { data: { list: gadgetRows, total: 2 } });
  server.on('POST /api/owner/data', { data: { list: ownerRows, total: 2 } });
});

const links = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim());
const menu = () => document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .fw-more-menu');

describe('a row with many actions', () => {
  it('lays out links within a budget, the rest behind 更多; the column is as wide as that', () => {
    expect(inlineCount(['查看', '编辑', '删除'])).toBe(3);
    expect(inlineCount(['复制链接', '复制号码+链接'])).toBe(2);
    expect(inlineCount(['查看', '重提', '续费', '复制链接', '复制号码+链接'])).toBe(3);
    expect(inlineCount(['切换到该用户切换到该用户', '撤销密钥'])).toBe(1);
    expect(actionsWidth(busy, 'customer')).toBeLessThanOrEqual(200);
  });

  it('opens 更多, and an action from it keeps its dialog after the menu closes', async () => {
    const user = await openList({ defs, url: '/lab/gadgets', role: 'user', waitFor: '探测器' });
    const [first, second] = rows();
    await waitFor(() => expect(links(first)).toEqual(['仅启用', '第一操作', '更多']));
    // The row the `shows` turns down has no 仅启用: the next action moves up.
    expect(links(second)).toEqual(['第一操作', '更多']);
    await user.click(within(second).getByRole('button', { name: /更多/ }));
    await waitFor(() => expect(menu()).not.toBeNull());
    expect(
      within(menu()!)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['第二操作', '第三操作', '查看']);
    await user.click(within(menu()!).getByRole('button', { name: '第三操作' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    expect(screen.getByText('第三操作 - 接收器')).toBeTruthy();
    await waitFor(() => expect(menu()).toBeNull());
    expect(screen.getByText('对话框内容')).toBeTruthy();
  });

  it('puts the declared action first and 删除 last; 删除 behind 更多 asks in a dialog, then deletes', async () => {
    server.on('POST /api/gadget/del', { data: null });
    const user = await openList({ defs, url: '/lab/crowded', role: 'user', waitFor: '探测器' });
    const [first] = rows();
    await waitFor(() => expect(links(first)).toEqual(['第一操作', '查看', '更多']));
    await user.click(within(first).getByRole('button', { name: /更多/ }));
    await waitFor(() => expect(menu()).not.toBeNull());
    expect(
      within(menu()!)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['编辑', '删除']);
    await user.click(within(menu()!).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定要删除这条小工具吗？');
    expect(server.calls('POST /api/gadget/del')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(server.calls('POST /api/gadget/del').map((r) => r.body)).toEqual([{ ids: [1] }]));
    expect(await screen.findByText('小工具已删除')).toBeTruthy();
  });
});
