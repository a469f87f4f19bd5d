import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dateIn } from '../../../src/framework/time-zone';
import { useEnvelopeServer } from '../providers/envelope-server';
import { here, preloadPages } from './harness';
import { openList as openListAt, rows, settled } from './list-helpers';
import { gadgetRows, ownerRows, testResources } from './test-config';

const server = useEnvelopeServer({ preload: preloadPages });
beforeEach(() => {
  server.on('POST /api/gadget/data', { data: { list: gadgetRows, total: 2 } });
  server.on('POST /api/owner/data', { data: { list: ownerRows, total: 2 } });
});

const openList = (role: string | null, url = '/lab/gadgets') => openListAt({ defs: testResources, url, role, waitFor: '探测器' });
const buttonsOf = (row: HTMLTableRowElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim())
    .filter(Boolean);

describe('buttons by role', () => {
  it("a sup (access rule 'sup') gets create, and show/edit/delete on every row", async () => {
    await openList('sup');
    await waitFor(() => {
      for (const row of rows()) expect(buttonsOf(row)).toEqual(['查看', '编辑', '删除']);
    });
    fireEvent.click(screen.getByRole('button', { name: /新建/ }));
    await waitFor(() => expect(here.path).toBe('/lab/gadgets/create'));
  });

  it('a customer gets neither create nor edit nor delete, only show', async () => {
    await openList('user');
    await settled();
    // Access answers arrive asynchronously: wait for the allowed button, then look for the others.
    await waitFor(() => {
      for (const row of rows()) expect(buttonsOf(row)).toEqual(['查看']);
    });
    expect(screen.queryByRole('button', { name: /新建/ })).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('the edit button leads to the edit route of its row', async () => {
    const user = await openList('sup');
    await user.click(await within(rows()[1]).findByRole('button', { name: /编辑/ }));
    await waitFor(() => expect(here.path).toBe('/lab/gadgets/edit/2'));
  });
});

describe('delete', () => {
  it("a refused delete shows the server's reason once", async () => {
    server.on('POST /api/gadget/del', { code: 409, message: '该小工具正在使用，不能删除' });
    const user = await openList('sup');
    await user.click(await within(rows()[0]).findByRole('button', { name: /删除/ }));
    const popup = (await screen.findByText('确定要删除这条小工具吗？')).closest('.ant-popover') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('该小工具正在使用，不能删除')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    const toasts = [...document.querySelectorAll('.ant-message-notice')].map((e) => e.textContent);
    expect(toasts).toEqual(['该小工具正在使用，不能删除']);
  });

  it('asks first; cancelling sends nothing', async () => {
    const user = await openList('sup');
    await user.click(await within(rows()[0]).findByRole('button', { name: /删除/ }));
    const confirm = await screen.findByText('确定要删除这条小工具吗？');
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '取消' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.calls('POST /api/gadget/del')).toHaveLength(0);
  });

  it('confirmed, posts the id to del and reloads the list', async () => {
    server.on('POST /api/gadget/del', { data: null });
    const user = await openList('sup');
    const before = server.calls('POST /api/gadget/data').length;
    await user.click(await within(rows()[0]).findByRole('button', { name: /删除/ }));
    const popup = (await screen.findByText('确定要删除这条小工具吗？')).closest('.ant-popover') as HTMLElement;
    expect(server.calls('POST /api/gadget/del')).toHaveLength(0);
    await user.click(within(popup).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(server.calls('POST /api/gadget/del').map((r) => r.body)).toEqual([{ ids: [1] }]));
    await waitFor(() => expect(server.calls('POST /api/gadget/data').length).toBeGreaterThan(before));
    expect(await screen.findByText('小工具已删除')).toBeTruthy();
  });
});

describe('CSV export', () => {
  /** 1500 rows, served page by page as the request asks. */
  const many = Array.from({ length: 1500 }, (_, i) => ({
    id: i + 1,
    name: `工具${i + 1}`,
    kind: i % 2 ? 'b' : 'a',
    price: (i + 1) * 1.5,
    active: i % 3 === 0,
    made_at: '2024-03-05 10:20:30',
    owner: 7,
    owner_label: '老王',
    notes: `<p>第<b>${i + 1}</b>号</p>`,
  }));
  many[1] = { ...many[1], name: '=HYPERLINK("x")', price: -5 };
  many[2] = { ...many[2], name: '他说"好",行', notes: '' };
  many[3] = { ...many[3], name: "-2+3+cmd|' /C calc'!A0" };
  many[4] = { ...many[4], name: '@zhangsan' };

  it('writes a header of labels and one formatted line per row over every page', async () => {
    server.on('POST /api/gadget/data', (req) => {
      const page = Number(req.query.page);
      const size = Number(req.query.pageSize);
      return { data: { list: many.slice((page - 1) * size, page * size), total: many.length } };
    });
    const blobs: Blob[] = [];
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => undefined;
    const keep = (e: MouseEvent) => {
      const a = e.target as HTMLAnchorElement;
      if (a.tagName === 'A' && a.download) {
        saved.push(a.download);
        e.preventDefault();
      }
    };
    document.addEventListener('click', keep, true);
    try {
      const user = await openListAt({
        defs: testResources,
        url: '/lab/gadgets?f_kind=a&sort=price&order=desc',
        role: 'user',
        waitFor: '工具1',
      });
      await user.click(screen.getByRole('button', { name: /导出 CSV/ }));
      expect(await screen.findByText('已导出 1500 条记录')).toBeTruthy();

      const exportCalls = server.calls('POST /api/gadget/data').filter((r) => r.query.pageSize === '1000');
      expect(exportCalls.map((r) => r.url)).toEqual(['/api/gadget/data?page=1&pageSize=1000', '/api/gadget/data?page=2&pageSize=1000']);
      for (const call of exportCalls) expect(call.body).toEqual({ kind: 'a', sort: 'price', order: 'desc' });

      expect(saved).toHaveLength(1);
      // Dated in the business time zone.
      expect(saved[0]).toBe(`小工具-${dateIn()}.csv`);
      expect(blobs[0].type).toMatch(/^text\/csv/);
      // A UTF-8 byte order mark first, so spreadsheet programs read the Chinese right.
      expect([...new Uint8Array(await blobs[0].arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = (await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines).toHaveLength(1 + 1500 + 1);
      // Money as plain numbers a spreadsheet can sum; its header names the currency.
      expect(lines[0]).toBe('"ID","名称","种类","价格 ($)","启用","生产时间","主人","说明"');
      expect(lines[1]).toBe('"1","工具1","甲型","1.50","是","2024-03-05 10:20:30","老王","第1号"');
      // A formula is defused with an apostrophe; a negative amount stays a number.
      expect(lines[2]).toBe('"2","\'=HYPERLINK(""x"")","乙型","-5.00","否","2024-03-05 10:20:30","老王","第2号"');
      expect(lines[3]).toBe('"3","他说""好"",行","甲型","4.50","否","2024-03-05 10:20:30","老王",""');
      expect(lines[4]).toContain("\"'-2+3+cmd|' /C calc'!A0\"");
      // A handle is ordinary text: no apostrophe.
      expect(lines[5]).toContain(',"@zhangsan",');
      expect(lines[1500]).toBe('"1500","工具1500","乙型","2250.00","否","2024-03-05 10:20:30","老王","第1500号"');
      expect(lines[0]).not.toContain('密钥');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      document.removeEventListener('click', keep, true);
    }
  });

  it('is disabled while the list is empty', async () => {
    server.on('POST /api/gadget/data', { data: { list: [], total: 0 } });
    await renderEmpty();
    await waitFor(() => expect(server.calls('POST /api/gadget/data')).toHaveLength(1));
    await settled();
    expect(screen.getByRole('button', { name: /导出 CSV/ })).toHaveProperty('disabled', true);
  });
});

function renderEmpty() {
  return openListAt({ defs: testResources, url: '/lab/gadgets', role: 'sup', waitFor: '小工具列表' });
}
