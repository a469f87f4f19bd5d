import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useEnvelopeServer } from '../providers/envelope-server';
import { preloadPages, renderConsole } from './harness';
import { gadgetRows, testResources } from './test-config';

const server = useEnvelopeServer({ preload: preloadPages });
beforeEach(() => {
  server.on('GET /api/gadget/detail', (req) => {
    const row = gadgetRows.find((g) => g.id === Number(req.query.id));
    return row ? { data: { ...row, serial: 'SN-0001' } } : { code: 404, message: '小工具不存在' };
  });
});

const details = () =>
  Object.fromEntries(
    [...document.querySelectorAll('.ant-descriptions-row')].map((row) => [
      row.querySelector('th')?.textContent,
      row.querySelector('td')?.textContent,
    ]),
  );

describe('the generated detail page', () => {
  it('shows every readable field, formatted, and never a write-only one', async () => {
    renderConsole({ defs: testResources, url: '/lab/gadgets/show/1', role: 'sup' });
    await screen.findByText('探测器');
    expect(screen.getByText('小工具详情')).toBeTruthy();
    expect(server.requests[0].url).toBe('/api/gadget/detail?id=1');
    expect(details()).toEqual({
      ID: '1',
      名称: '探测器',
      编号: 'SN-0001',
      种类: '甲型',
      价格: '$1,234.50',
      启用: '是',
      生产时间: '2024-03-05 10:20:30',
      主人: '老王',
      说明: '第一段 & 第二段',
    });
    expect(document.querySelector('.ant-descriptions')?.innerHTML).not.toMatch(/<b>/);
  });

  it('offers edit to a sup and not to a customer, and 返回列表 to both', async () => {
    const { unmount } = renderConsole({ defs: testResources, url: '/lab/gadgets/show/2', role: 'sup' });
    await screen.findByText('接收器');
    expect(await screen.findByRole('button', { name: /编辑/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /返回列表/ })).toBeTruthy();
    unmount();
    renderConsole({ defs: testResources, url: '/lab/gadgets/show/2', role: 'user' });
    await screen.findByText('接收器');
    expect(screen.getByRole('button', { name: /返回列表/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();
  });

  it('says so when the record does not exist', async () => {
    renderConsole({ defs: testResources, url: '/lab/gadgets/show/99', role: 'sup' });
    expect(await screen.findByText('记录不存在')).toBeTruthy();
    expect(await screen.findByText('小工具不存在')).toBeTruthy();
  });
});
