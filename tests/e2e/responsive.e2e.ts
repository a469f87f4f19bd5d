/**
 * Every route resources.config.ts declares (each resource's list, create, show and edit, and every
 * hand-written page), for a sup and for a customer, on a 375x812 phone and at 1280x800: the page
 * never scrolls sideways, and no button lies outside the window (one inside a scrolling box, such as a
 * wide table, is reachable and allowed). New resources and pages are covered as they are declared.
 * Screenshots of each: test-results/screenshots/<width>-<role>-<route>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pages, resources, allows, type PageDef, type ResourceDef, type Role } from '../../resources.config';
import { ADMIN, openBrowser, shot, startServer, useToken, type Server } from './harness';

let server: Server;
const tokens: Record<Role, string> = { sup: '', customer: '' };

beforeAll(async () => {
  server = await startServer();
  tokens.sup = await server.api.login(ADMIN.username, ADMIN.password);
  tokens.customer = await server.api.register('phone_user', 'phone-pass-1');
  const found = await server.api.call('POST', '/api/user/data?page=1&pageSize=1', tokens.sup, { username: 'phone_user' });
  const id = found.data.list[0].id;
  const long = '线下转账，备注很长：'.repeat(12);
  for (const [amount, remark] of [
    [1234.56, long],
    [-34.56, '人工扣回多充的金额'],
    [92.5, '@zhangsan 补偿'],
  ] as const) {
    expect((await server.api.call('POST', '/api/user/money', tokens.sup, { id, amount, remark })).code).toBe(200);
  }
  for (let i = 0; i < 6; i += 1) await server.api.register(`someone_${i}`, 'someone-pass-1');
  const notice = await server.api.call('POST', '/api/notice/add', tokens.sup, {
    title: '系统维护通知',
    // For staff as well as customers (a notice is for customers unless the sup says so).
    audience: 'all',
    content: `<p>${'今晚 23:00 至次日 01:00 系统维护，期间接码服务暂停。'.repeat(3)}</p>`,
    popup: true,
    day: 3,
  });
  expect(notice.code).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

/** The first record a role can see of a resource (for its show and edit pages), if any. */
async function firstId(def: ResourceDef, role: Role): Promise<number | null> {
  const r = await server.api.call('POST', `/api/${def.api}/data?page=1&pageSize=1`, tokens[role], {});
  return r.code === 200 && r.data.list.length ? Number(r.data.list[0].id) : null;
}

/** Every declared route a role can open (the others show 没有权限 and are checked as well, once). */
async function routesFor(role: Role): Promise<string[]> {
  const out: string[] = [];
  for (const def of Object.values(resources as Record<string, ResourceDef>)) {
    out.push(def.route);
    if (allows(def.access.add, role)) out.push(`${def.route}/create`);
    const id = allows(def.access.show, role) || allows(def.access.edit, role) ? await firstId(def, role) : null;
    if (id !== null && allows(def.access.show, role)) out.push(`${def.route}/show/${id}`);
    if (id !== null && allows(def.access.edit, role)) out.push(`${def.route}/edit/${id}`);
  }
  for (const page of Object.values(pages as Record<string, PageDef>)) out.push(page.route);
  return out;
}

/** The page once its data has arrived: no spinner, no progress bar, fonts ready. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .route-progress, .page-loading, .ant-skeleton-active'), null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
}

interface Layout {
  overflow: number;
  outside: string[];
  headerHeight: number;
}

/** How far the page scrolls sideways, and which visible buttons lie outside the window. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollsInside = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const outside = [...document.querySelectorAll('button, .ant-btn, [role="button"], a.ant-btn')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return false;
        return (box.left < -1 || box.right > width + 1) && !scrollsInside(el);
      })
      .map(
        (el) =>
          `${(el.textContent || el.getAttribute('aria-label') || el.className).toString().trim().slice(0, 20)}@${Math.round(el.getBoundingClientRect().right)}`,
      );
    const header = document.querySelector('.shell-header');
    return {
      overflow: document.documentElement.scrollWidth - width,
      outside,
      headerHeight: header ? header.getBoundingClientRect().height : 0,
    };
  });
}

/** Every declared route is visited in one test: room for a few seconds each, as more are declared. */
const ROUTES_TIMEOUT = 300_000;

const slug = (route: string) => route.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root';

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
])('every route at $width px', (viewport) => {
  for (const role of ['sup', 'customer'] as const) {
    it(
      `for a ${role}: no sideways scrolling, no button out of reach, the header on one line`,
      async () => {
        const browser = await openBrowser(viewport);
        const { page } = browser;
        const problems: string[] = [];
        try {
          await useToken(page, server.url, tokens[role], role === 'sup' ? 'sup' : 'user');
          // The announcement first: its buttons must fit too; closing it hides it for this login.
          await page.goto(`${server.url}/home`);
          const modal = page.locator('.ant-modal', { hasText: '系统维护通知' });
          await modal.waitFor();
          await settle(page);
          const withModal = await measure(page);
          if (withModal.overflow > 0 || withModal.outside.length) problems.push(`announcement: ${JSON.stringify(withModal)}`);
          await shot(page, `${viewport.width}-${role}-announcement`);
          await modal.getByRole('button', { name: /关\s*闭/ }).click();

          for (const route of await routesFor(role)) {
            await page.goto(`${server.url}${route}`);
            await settle(page);
            const layout = await measure(page);
            if (layout.overflow > 0) problems.push(`${route}: page ${layout.overflow}px wider than the window`);
            if (layout.outside.length) problems.push(`${route}: buttons outside the window: ${layout.outside.join(', ')}`);
            if (layout.headerHeight > 64) problems.push(`${route}: header ${layout.headerHeight}px high`);
            if (viewport.width < 768 && (await page.locator('.ant-table-cell-fix-right').count())) {
              problems.push(`${route}: a fixed column covers the table on a phone`);
            }
            await shot(page, `${viewport.width}-${role}-${slug(route)}`);
          }
        } finally {
          await browser.close();
        }
        expect(problems).toEqual([]);
      },
      ROUTES_TIMEOUT,
    );
  }

  it('the open screens (login, register, store)', async () => {
    const browser = await openBrowser(viewport);
    const problems: string[] = [];
    try {
      for (const route of ['/login', '/register', '/store']) {
        await browser.page.goto(`${server.url}${route}`);
        await settle(browser.page);
        const layout = await measure(browser.page);
        if (layout.overflow > 0 || layout.outside.length) problems.push(`${route}: ${JSON.stringify(layout)}`);
        await shot(browser.page, `${viewport.width}-visitor-${slug(route)}`);
      }
    } finally {
      await browser.close();
    }
    expect(problems).toEqual([]);
  });
});

/** A browser at this size, logged in as the role, on `path` with the announcement closed. */
async function asRole(role: Role, viewport: { width: number; height: number }, path: string, fn: (page: Page) => Promise<void>) {
  const browser = await openBrowser(viewport);
  try {
    await useToken(browser.page, server.url, tokens[role], role === 'sup' ? 'sup' : 'user');
    await browser.page.goto(`${server.url}${path}`);
    // The notice made in beforeAll shows once per fresh browser; close it (if it is slow to come, go on).
    await browser.page
      .locator('.ant-modal')
      .getByRole('button', { name: /关\s*闭/ })
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await fn(browser.page);
  } finally {
    await browser.close();
  }
}

describe('on a phone', () => {
  it('the menu is a drawer over the page; a choice opens the page and closes it', async () => {
    await asRole('customer', { width: 375, height: 812 }, '/home', async (page) => {
      const content = page.locator('.shell-content');
      await content.waitFor();
      const before = await content.boundingBox();
      expect(before!.width).toBeGreaterThan(350);
      expect(await page.locator('.ant-layout-sider').count()).toBe(0);
      await page.getByRole('button', { name: '打开菜单' }).click();
      const drawer = page.locator('.shell-drawer .ant-drawer-content-wrapper');
      await drawer.waitFor();
      const box = await drawer.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(375);
      // Over the page: the content keeps its width.
      expect((await content.boundingBox())!.width).toBe(before!.width);
      await shot(page, '375-customer-menu-drawer');
      // Every section is open in the drawer.
      await page.locator('.shell-drawer').getByText('财务明细').click();
      await page.waitForURL('**/account/detail');
      await expect.poll(() => page.locator('.shell-drawer .ant-drawer-open').count()).toBe(0);
      // A card per ledger row, the debit labelled and red.
      await expect.poll(() => page.locator('.fw-card').count()).toBe(3);
      const debit = page.locator('.fw-card', { hasText: '人工扣回多充的金额' });
      expect(await debit.innerText()).toContain('人工扣款');
      expect(await debit.locator('.fw-debit').innerText()).toBe('-$34.56');
      // The header keeps one line: brand, balance, 充值 (a 44 px tap target), user.
      const header = page.locator('.shell-header');
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
      await expect.poll(() => header.getByTestId('balance').innerText()).toMatch(/\$1,292\.50/);
      expect((await header.getByTestId('balance').boundingBox())!.height).toBeLessThanOrEqual(44);
    });
  });

  it("the sup's balance dialog fits the screen, and flags an overdraft in red", async () => {
    await asRole('sup', { width: 375, height: 812 }, '/user/index?f_username=phone_user', async (page) => {
      const card = page.locator('.fw-card', { hasText: 'phone_user' });
      await card.getByRole('button', { name: '余额调整' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '备注' });
      await dialog.getByRole('spinbutton').fill('-5000');
      await expect.poll(() => dialog.getByText(/扣减金额超过当前余额/).isVisible()).toBe(true);
      expect(await dialog.getByTestId('balance-after').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 19, 34)');
      const submit = dialog.getByRole('button', { name: /提\s*交/ });
      const box = (await submit.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect((await measure(page)).overflow).toBeLessThanOrEqual(0);
      await shot(page, '375-sup-balance-dialog');
    });
  });
});

describe('at 1280 px', () => {
  it('a long remark is cut (whole in a tooltip) and 创建时间 and the actions stay in view', async () => {
    await asRole('sup', { width: 1280, height: 800 }, '/account/detail', async (page) => {
      const row = page.locator('tr.ant-table-row', { hasText: '线下转账' });
      await row.waitFor();
      const table = page.locator('.ant-table-content');
      // The table needs no sideways scrolling: every column, the time and the actions included, is in view.
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      const box = (await table.boundingBox())!;
      for (const header of ['创建时间', '操作']) {
        const cell = (await page.locator('thead th', { hasText: header }).boundingBox())!;
        expect(cell.x + cell.width, header).toBeLessThanOrEqual(box.x + box.width + 1);
      }
      const remark = row.locator('.fw-ellipsis-box').filter({ hasText: '线下转账' });
      expect((await remark.boundingBox())!.height).toBeLessThan(30);
      await remark.hover();
      const tip = page.getByRole('tooltip');
      await expect.poll(() => tip.innerText()).toBe('线下转账，备注很长：'.repeat(12));
      await shot(page, '1280-sup-ledger-tooltip');
    });
  });
});
