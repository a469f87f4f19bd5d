import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, clickRowAction, loginUi, openBrowser, shot, startServer, useToken, type Server } from './harness';

let server: Server;
let supToken: string;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  supToken = await server.api.login(ADMIN.username, ADMIN.password);
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('open screens', () => {
  it('login and register work through their forms', async () => {
    await page.goto(`${server.url}/register`);
    await shot(page, 'register');
    await page.getByPlaceholder('用户名', { exact: true }).fill('bob_22');
    await page.getByPlaceholder(/^密码/).fill('bob-pass-22');
    await page.getByPlaceholder(/确认密码/).fill('bob-pass-22');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.evaluate(() => localStorage.clear());

    await page.goto(`${server.url}/login`);
    await shot(page, 'login');
    await page.getByPlaceholder(/用户名/).fill('bob_22');
    await page.getByPlaceholder(/密码/).fill('wrong-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('用户名或密码错误').first().isVisible()).toBe(true);
    expect(page.url()).toContain('/login');
    await loginUi(page, server.url, 'bob_22', 'bob-pass-22');
    expect(new URL(page.url()).pathname).toBe('/home');
  });
});

describe('sup screens', () => {
  beforeAll(async () => {
    await page.evaluate(() => localStorage.clear());
    await useToken(page, server.url, supToken, 'sup');
  });

  it('creates a notice through the generated form, with its validation', async () => {
    await page.goto(`${server.url}/system/notice`);
    await expect.poll(() => page.getByTestId('list-empty').getByText('还没有公告').isVisible()).toBe(true);
    await shot(page, 'notice-list-empty');
    await page.getByRole('button', { name: /新\s*建/ }).click();
    await page.waitForURL('**/system/notice/create');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByText('请输入标题').isVisible()).toBe(true);
    await page.getByLabel('标题').fill('五一放假通知');
    // Leaving with unsaved changes asks first; dismissing stays on the form.
    const asked: string[] = [];
    const onDialog = (dialog: import('playwright-core').Dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', onDialog);
    await page.locator('.ant-layout-sider').getByText('联系方式').click();
    await expect.poll(() => asked.length).toBe(1);
    page.off('dialog', onDialog);
    expect(asked[0]).toContain('未保存');
    expect(new URL(page.url()).pathname).toBe('/system/notice/create');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('五一期间客服值班时间调整');
    await shot(page, 'notice-create');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL((u) => u.pathname === '/system/notice');
    await expect.poll(() => page.locator('tr', { hasText: '五一放假通知' }).isVisible()).toBe(true);
    await shot(page, 'notice-list');
    const list = await server.api.call('POST', '/api/notice/data?page=1&pageSize=10', supToken, {});
    expect(list.data.list[0]).toMatchObject({ title: '五一放假通知' });
    expect(list.data.list[0].content).toContain('五一期间客服值班时间调整');
  });

  it('filters the user list through the URL and back', async () => {
    await page.goto(`${server.url}/user/index`);
    await page.getByRole('search').getByLabel('用户名').fill('bob');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL((u) => u.searchParams.get('f_username') === 'bob');
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByRole('search').getByLabel('用户名').inputValue()).toBe('bob');
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(1);
    await shot(page, 'user-list-filtered');
  });

  it('adjusts a balance after a confirmation, and the ledger shows it', async () => {
    await page.goto(`${server.url}/user/index?f_username=bob_22`);
    await clickRowAction(page, page.locator('tr', { hasText: 'bob_22' }), '余额调整');
    const dialog = page.locator('.ant-modal').filter({ hasText: '备注' });
    await dialog.getByRole('spinbutton').fill('12.34');
    await dialog.getByLabel('备注').fill('线下转账');
    await shot(page, 'user-money-dialog');
    await dialog
      .getByRole('button', { name: /确\s*定|提\s*交|确认/ })
      .last()
      .click();
    const confirm = page.locator('.ant-popover, .ant-modal-confirm').filter({ hasText: '确认调整余额' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await shot(page, 'user-money-confirm');
    await confirm.getByRole('button', { name: /确\s*定|确认/ }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'bob_22' }).innerText()).toContain('$12.34');
    // A debit too: labelled 人工扣款 (not 人工充值) and red in both lists.
    await clickRowAction(page, page.locator('tr', { hasText: 'bob_22' }), '余额调整');
    await dialog.getByRole('spinbutton').fill('-2.34');
    await dialog.getByLabel('备注').fill('扣回多充');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await confirm.getByRole('button', { name: /确\s*定|确认/ }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'bob_22' }).innerText()).toContain('$10.00');
    await page.goto(`${server.url}/account/detail`);
    await expect.poll(() => page.locator('tr', { hasText: '线下转账' }).isVisible()).toBe(true);
    const credit = page.locator('tr', { hasText: '线下转账' });
    const debit = page.locator('tr', { hasText: '扣回多充' });
    expect(await credit.innerText()).toContain('人工充值');
    expect(await credit.locator('.fw-credit').innerText()).toBe('+$12.34');
    expect(await debit.innerText()).toContain('人工扣款');
    expect(await debit.locator('.fw-debit').innerText()).toBe('-$2.34');
    expect(await debit.locator('.fw-debit').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 19, 34)');
    await shot(page, 'finance-detail');
    await page.goto(`${server.url}/account/record`);
    await expect.poll(() => page.locator('tr', { hasText: '扣回多充' }).isVisible()).toBe(true);
    expect(await page.locator('tr', { hasText: '扣回多充' }).innerText()).toContain('人工扣款');
    expect(await page.locator('tr', { hasText: '线下转账' }).innerText()).toContain('人工充值');
    await shot(page, 'recharge-records');
  });

  it('shows the other sup screens', async () => {
    for (const [route, name, text] of [
      ['/user/index/create', 'user-create', '新建用户'],
      ['/system/connect', 'connect', '编辑联系方式'],
      ['/user/info', 'user-info', '修改密码'],
      ['/items/goods', 'goods-list', '可售库存'],
      ['/system/group', 'group-list', '默认分组'],
    ] as const) {
      await page.goto(`${server.url}${route}`);
      await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
      if (name === 'connect') await expect.poll(() => page.locator('.ql-editor').isVisible()).toBe(true);
      await shot(page, name);
    }
  });
});
