/**
 * Staff roles and the audit trail in the browser: an operator's menu has no money items (at 1280 px
 * and in the phone's drawer at 375 px); the owner's 操作日志 lists a balance change and its detail
 * shows the balance before and after side by side.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, loginUi, settle, shot, useServer, withBrowser } from './harness';

const server = useServer();
const MONEY = ['财务明细', '充值记录', '未匹配转账', 'USDT 设置', '操作日志', '用户列表'];

async function arrange() {
  const api = server.api;
  const made = await api.call('POST', '/api/user/add', server.supToken, {
    username: 'op_e2e',
    password: 'Operator-pass-1',
    type: 'sup',
    role: 'operator',
  });
  if (made.code !== 200 && made.message !== '用户名已存在') throw new Error(made.message);
  const customer = await api.call('POST', '/api/user/add', server.supToken, { username: 'cust_e2e', password: 'Customer-pass-1' });
  if (customer.code === 200) {
    const money = await api.call('POST', '/api/user/money', server.supToken, { id: customer.data.id, amount: 25, remark: '线下收款' });
    if (money.code !== 200) throw new Error(money.message);
  }
}

/** The menu's item labels, every section opened (the sider, or the phone's drawer). */
async function menuLabels(page: Page, scope: string): Promise<string[]> {
  const root = page.locator(scope);
  await root.locator('.ant-menu-submenu-title').first().waitFor();
  for (const title of await root.locator('.ant-menu-submenu-title').all()) {
    const open = await title.evaluate((el) => el.parentElement?.classList.contains('ant-menu-submenu-open'));
    if (!open) await title.click();
  }
  return root.locator('.ant-menu-item .ant-menu-title-content').allInnerTexts();
}

async function ownerAuditDetail(page: Page, name: string) {
  await loginUi(page, server.url, ADMIN.username, ADMIN.password);
  await page.goto(`${server.url}/system/audit`);
  const row = page.locator('.ant-table-row, .fw-card').filter({ hasText: '余额调整' }).first();
  await row.waitFor();
  expect(await row.innerText()).toContain(ADMIN.username);
  await settle(page);
  await shot(page, `${name}-audit-list`);
  await row.getByRole('button', { name: '查看', exact: true }).click();
  const changes = page.locator('.fw-changes');
  await changes.waitFor();
  const line = changes.locator('.ant-table-row').filter({ hasText: 'balance' });
  expect(await line.locator('td').allInnerTexts()).toEqual(['balance', '0', '25']);
  expect(await changes.locator('thead').first().locator('th').allInnerTexts()).toEqual(['字段', '之前', '之后']);
  await settle(page);
  await shot(page, `${name}-audit-detail`);
}

describe('staff roles and 操作日志 in the browser', () => {
  it('1280 px: an operator sees products and devices but no money item; the owner sees the balance change', async () => {
    await arrange();
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await loginUi(page, server.url, 'op_e2e', 'Operator-pass-1');
      const labels = await menuLabels(page, '.ant-layout-sider');
      expect(labels).toEqual(expect.arrayContaining(['API管理', '设备管理', '公告列表']));
      expect(labels.filter((l) => MONEY.includes(l))).toEqual([]);
      await settle(page);
      await shot(page, 'staff-1280-operator-menu');
      // A money screen opened by its address says the role may not.
      await page.goto(`${server.url}/system/audit`);
      await expect.poll(() => page.getByText('没有权限').isVisible()).toBe(true);
    });
    await withBrowser({ width: 1280, height: 900 }, (page) => ownerAuditDetail(page, 'staff-1280'));
  });

  it("375 px: the operator's drawer has no money item; the owner's audit detail fits the phone", async () => {
    await arrange();
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await loginUi(page, server.url, 'op_e2e', 'Operator-pass-1');
      await page.getByRole('button', { name: '打开菜单' }).click();
      const labels = await menuLabels(page, '.shell-drawer');
      expect(labels).toEqual(expect.arrayContaining(['API管理', '设备管理']));
      expect(labels.filter((l) => MONEY.includes(l))).toEqual([]);
      await settle(page);
      await shot(page, 'staff-375-operator-drawer');
    });
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await ownerAuditDetail(page, 'staff-375');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  });
});
