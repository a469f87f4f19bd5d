import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, clickRowAction, loginUi, openBrowser, shot, startServer, useToken, type Server } from './harness';

let server: Server;
let supToken: string;
let customerToken: string;

beforeAll(async () => {
  server = await startServer();
  supToken = await server.api.login(ADMIN.username, ADMIN.password);
  customerToken = await server.api.register('alice_01', 'alice-pass-1');
  const users = await server.api.call('POST', '/api/user/data?page=1&pageSize=10', supToken, { username: 'alice_01' });
  await server.api.call('POST', '/api/user/money', supToken, { id: users.data.list[0].id, amount: '25.50', remark: '测试充值' });
});
afterAll(async () => {
  await server?.stop();
});

async function withBrowser(fn: (page: Page) => Promise<void>, viewport?: { width: number; height: number }) {
  const browser = await openBrowser(viewport);
  try {
    await fn(browser.page);
  } finally {
    await browser.close();
  }
}

const menuTexts = (page: Page) => page.locator('.ant-layout-sider .ant-menu-title-content').allInnerTexts();

async function openAllSections(page: Page) {
  await page.locator('.ant-layout-sider .ant-menu-submenu-title').first().waitFor();
  for (const title of await page.locator('.ant-layout-sider .ant-menu-submenu-title').all()) {
    const open = await title.evaluate((el) => el.parentElement?.classList.contains('ant-menu-submenu-open'));
    if (!open) await title.click();
  }
}

describe('guard', () => {
  it('sends a visitor without a token to /store, and a logged-in user at /store to /items/store', async () => {
    await withBrowser(async (page) => {
      await page.goto(`${server.url}/home`);
      await page.waitForURL('**/store');
      await expect.poll(() => page.getByText('登录').first().isVisible()).toBe(true);
      // The contact block loads after the page: an empty one says so.
      await expect.poll(() => page.getByText('暂无联系方式').isVisible()).toBe(true);
      await shot(page, 'store-public');
      await page.goto(`${server.url}/items/order/record`);
      await page.waitForURL('**/store');

      await useToken(page, server.url, customerToken, 'user');
      await page.goto(`${server.url}/store`);
      await page.waitForURL('**/items/store');
      await page.goto(`${server.url}/no/such/page`);
      await expect.poll(() => page.getByText('页面不存在').isVisible()).toBe(true);
      await shot(page, 'not-found');
    });
  });

  it('a token refused on load (204) goes to /store; refused while in use (205, 204) lands on /login', async () => {
    await withBrowser(async (page) => {
      await useToken(page, server.url, 'not-a-valid-token', 'user');
      await page.goto(`${server.url}/home`);
      await page.waitForURL('**/store');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // A session revoked while the console is open (the password changed elsewhere): the next
      // call answers 205, the console says so and goes to /login.
      const token = await server.api.login('alice_01', 'alice-pass-1');
      await useToken(page, server.url, token, 'user');
      await page.goto(`${server.url}/home`);
      await expect.poll(() => page.getByTestId('profile-card').isVisible()).toBe(true);
      await openAllSections(page);
      // The home page's own calls must be answered before the password changes: any of them would
      // otherwise be the call that meets the 205.
      await page.waitForLoadState('networkidle');
      const other = await server.api.login('alice_01', 'alice-pass-1');
      const changed = await server.api.call('POST', '/api/user/password', other, {
        old_password: 'alice-pass-1',
        password: 'alice-pass-2',
      });
      expect(changed.code).toBe(200);
      try {
        await page.locator('.ant-layout-sider').getByText('财务明细').click();
        await page.waitForURL('**/login');
        await expect
          .poll(() =>
            page
              .getByText(/需要重新登录/)
              .first()
              .isVisible(),
          )
          .toBe(true);
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      } finally {
        // The later tests log in as alice with her first password, whatever happened here.
        const back = await server.api.call('POST', '/api/user/password', other, { old_password: 'alice-pass-2', password: 'alice-pass-1' });
        expect(back.code).toBe(200);
      }

      // A token the server no longer knows (204) while the console is open: the next call -> /login.
      await useToken(page, server.url, await server.api.login('alice_01', 'alice-pass-1'), 'user');
      await page.goto(`${server.url}/home`);
      await expect.poll(() => page.getByTestId('profile-card').isVisible()).toBe(true);
      await openAllSections(page);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => localStorage.setItem('token', 'a-token-the-server-never-issued'));
      const refused = page.waitForResponse((r) => r.url().includes('/api/finance/data'));
      await page.locator('.ant-layout-sider').getByText('财务明细').click();
      expect((await (await refused).json()).code).toBe(204);
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });
  });
});

describe('menus per role', () => {
  it('sup sees system settings, user management and "他的API", and no store or recharge', async () => {
    await withBrowser(async (page) => {
      await loginUi(page, server.url, ADMIN.username, ADMIN.password);
      await page.goto(`${server.url}/home`);
      await openAllSections(page);
      const items = await menuTexts(page);
      expect(items).toEqual(
        expect.arrayContaining([
          '联系方式',
          '公告列表',
          '分组配置',
          '用户列表',
          '用户折扣',
          '修改信息',
          'API管理',
          '订单记录',
          '重提记录',
          '接码记录',
          '他的API',
          '财务明细',
          '充值记录',
        ]),
      );
      expect(items).not.toContain('API商城');
      expect(items).not.toContain('账户充值');
      expect(items).not.toContain('我的API');
      expect(await page.getByTestId('balance').count()).toBe(0);
      await shot(page, 'home-sup');
    });
  });

  it('a customer sees the store, top-up and "我的API", and no system settings', async () => {
    await withBrowser(async (page) => {
      await loginUi(page, server.url, 'alice_01', 'alice-pass-1');
      await page.goto(`${server.url}/home`);
      await openAllSections(page);
      const items = await menuTexts(page);
      expect(items).toEqual(
        expect.arrayContaining(['修改信息', 'API商城', '订单记录', '重提记录', '接码记录', '我的API', '财务明细', '账户充值', '充值记录']),
      );
      for (const hidden of ['联系方式', '公告列表', '分组配置', '用户列表', '用户折扣', 'API管理', '他的API']) {
        expect(items).not.toContain(hidden);
      }
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$25.50');
      await shot(page, 'home-customer');
    });
  });

  it('the breadcrumb is section plus item, and the logo goes home and clears it', async () => {
    await withBrowser(async (page) => {
      await useToken(page, server.url, supToken, 'sup');
      await page.goto(`${server.url}/system/notice`);
      await expect.poll(() => page.getByTestId('breadcrumb').innerText()).toMatch(/系统设置\s*\/\s*公告列表/);
      await page.getByTestId('brand').click();
      await page.waitForURL('**/home');
      await expect.poll(() => page.getByTestId('breadcrumb').innerText()).toBe('');
    });
  });
});

describe('sidebar', () => {
  it('is 248 px wide from 768 px up; below it the menu is a drawer opened from the header', async () => {
    await withBrowser(async (page) => {
      await useToken(page, server.url, supToken, 'sup');
      await page.goto(`${server.url}/home`);
      await expect.poll(() => page.getByTestId('sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(248);
      await page.setViewportSize({ width: 767, height: 800 });
      // No rail left behind: the page has the whole width.
      await expect.poll(() => page.getByTestId('sider').count()).toBe(0);
      await expect.poll(() => page.locator('.shell-content').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(740);
      await page.getByRole('button', { name: '打开菜单' }).click();
      await expect.poll(() => page.locator('.shell-drawer').getByTestId('brand').isVisible()).toBe(true);
      await shot(page, 'home-767px-drawer');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1024, height: 800 });
      await expect.poll(() => page.getByTestId('sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(248);
      await page.getByRole('button', { name: '收起菜单' }).click();
      await expect.poll(() => page.getByTestId('brand').innerText()).toBe('接码');
    });
  });
});

describe('header actions', () => {
  it('log out asks "确认退出 / 确定要退出吗？" first; cancel keeps the session, OK ends it', async () => {
    await withBrowser(async (page) => {
      await useToken(page, server.url, await server.api.login('alice_01', 'alice-pass-1'), 'user');
      await page.goto(`${server.url}/home`);
      const logout = async () => {
        await page.getByTestId('user-menu').click();
        await page.getByText('退出登录').click();
      };
      await logout();
      await expect.poll(() => page.getByText('确定要退出吗？').isVisible()).toBe(true);
      expect(await page.locator('.ant-modal-confirm-title').innerText()).toBe('确认退出');
      await shot(page, 'logout-confirm');
      await page.getByRole('button', { name: '取消' }).click();
      // Closed (its buttons gone), the session kept.
      await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
      await logout();
      await page
        .getByRole('button', { name: '退 出' })
        .or(page.getByRole('button', { name: '退出' }))
        .click();
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });
  });

  it("menus and dialogs open with antd's motion, and at once where the system asks for reduced motion", async () => {
    await withBrowser(async (page) => {
      await useToken(page, server.url, await server.api.login('alice_01', 'alice-pass-1'), 'user');
      await page.goto(`${server.url}/home`);
      await page.getByTestId('profile-card').waitFor();
      // Every animation a popup ran on its way in (its -active class), whatever the machine's speed.
      await page.evaluate(() => {
        const seen = new Set<string>();
        (window as unknown as { motionClasses: Set<string> }).motionClasses = seen;
        new MutationObserver((changes) =>
          changes.forEach((c) => {
            const el = c.target as Element;
            if (el.classList)
              el.classList.forEach((name) => {
                if (/-(appear|enter)-active$/.test(name)) seen.add(name);
              });
          }),
        ).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
      });
      const motionClasses = () => page.evaluate(() => [...(window as unknown as { motionClasses: Set<string> }).motionClasses]);
      const openAndClose = async () => {
        await page.getByTestId('user-menu').click();
        await page.getByText('退出登录').click();
        await page.getByRole('button', { name: '取消' }).click();
        await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
      };

      // The test browser asks for reduced motion: nothing zooms or slides.
      await openAndClose();
      expect(await motionClasses()).toEqual([]);

      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await openAndClose();
      const ran = await motionClasses();
      expect(
        ran.some((name) => name.startsWith('ant-slide-up-')),
        ran.join(),
      ).toBe(true); // the menu
      expect(
        ran.some((name) => /^ant-(zoom|fade)-/.test(name)),
        ran.join(),
      ).toBe(true); // the confirmation
    });
  });

  it('sup switches into a user (named in the confirmation), sees whose account it is, and goes back to the user list', async () => {
    await withBrowser(async (page) => {
      await loginUi(page, server.url, ADMIN.username, ADMIN.password);
      await page.goto(`${server.url}/user/index?f_username=alice_01`);
      const row = page.locator('tr', { hasText: 'alice_01' });
      await clickRowAction(page, row, '切换到该用户');
      const confirm = page.locator('.ant-modal-confirm', { hasText: '确定切换到用户 alice_01 吗？' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await shot(page, 'switch-confirm');
      await confirm.getByRole('button', { name: /切\s*换/ }).click();
      await page.waitForURL('**/home');
      // Said once the console has loaded as alice (not before the reload, where nobody could read it).
      await expect.poll(() => page.locator('.ant-message').getByText('切换成功').isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain('alice_01');
      expect(await page.evaluate(() => localStorage.getItem('type'))).not.toBe('sup');
      await expect.poll(() => page.getByTestId('balance').isVisible()).toBe(true);
      const banner = page.getByTestId('switched-banner');
      await expect.poll(() => banner.innerText()).toContain('正在以用户 alice_01 的身份操作');
      await shot(page, 'switched-banner');

      await banner.getByRole('button', { name: /切换回管理员/ }).click();
      await page.waitForURL('**/user/index');
      await expect.poll(() => page.locator('.ant-message').getByText('切换成功').isVisible()).toBe(true);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('type'))).toBe('sup');
      await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain(ADMIN.username);
      expect(await page.getByTestId('switched-banner').count()).toBe(0);
      expect(await page.getByTestId('balance').count()).toBe(0);
    });
  });
});

describe('deep links', () => {
  it('a logged-out visitor goes to /store first, and logging in leads to the page they wanted', async () => {
    await withBrowser(async (page) => {
      await page.goto(`${server.url}/account/record?f_type=manual`);
      await page.waitForURL('**/store');
      await page
        .getByRole('link', { name: /登\s*录/ })
        .first()
        .click();
      await page.waitForURL('**/login');
      await page.getByPlaceholder(/用户名/).fill('alice_01');
      await page.getByPlaceholder(/密码/).fill('alice-pass-1');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL((u) => u.pathname === '/account/record');
      expect(new URL(page.url()).searchParams.get('f_type')).toBe('manual');
      await expect.poll(() => page.locator('tr', { hasText: '测试充值' }).isVisible()).toBe(true);
    });
  });
});

describe('announcement', () => {
  it('关闭 hides it until the next login; "N 天内不再提醒" is per user, for N days', async () => {
    const added = await server.api.call('POST', '/api/notice/add', supToken, {
      title: '系统维护通知',
      // For staff as well as customers (a notice is for customers unless the sup says so).
      audience: 'all',
      content: '<p>今晚 <b>23:00</b> 维护</p>',
      popup: true,
      day: 3,
    });
    expect(added.code).toBe(200);
    await server.api.register('bob_02', 'bob-pass-22');
    await withBrowser(async (page) => {
      const modal = page.locator('.ant-modal', { hasText: '系统维护通知' });
      const hiddenAfterLoad = async () => {
        await expect.poll(() => page.getByTestId('profile-card').isVisible()).toBe(true);
        await page.waitForTimeout(1000);
        return !(await modal.isVisible());
      };
      const logout = async () => {
        await page.getByTestId('user-menu').click();
        await page.getByText('退出登录').click();
        await page
          .getByRole('button', { name: /退\s*出/ })
          .last()
          .click();
        await page.waitForURL('**/login');
      };

      await loginUi(page, server.url, 'alice_01', 'alice-pass-1');
      await expect.poll(() => modal.isVisible()).toBe(true);
      await shot(page, 'announcement');
      // 关闭: gone for the rest of this login, reloads included.
      await modal.getByRole('button', { name: /关\s*闭/ }).click();
      await page.reload();
      expect(await hiddenAfterLoad()).toBe(true);
      // The next login shows it again.
      await logout();
      await loginUi(page, server.url, 'alice_01', 'alice-pass-1');
      await expect.poll(() => modal.isVisible()).toBe(true);
      await modal.getByRole('button', { name: '3 天内不再提醒' }).click();
      await logout();
      await loginUi(page, server.url, 'alice_01', 'alice-pass-1');
      expect(await hiddenAfterLoad()).toBe(true);
      // Another user on the same browser still sees it.
      await logout();
      await loginUi(page, server.url, 'bob_02', 'bob-pass-22');
      await expect.poll(() => modal.isVisible()).toBe(true);
      await modal.getByRole('button', { name: /关\s*闭/ }).click();
      await logout();
      // Three days later (alice's dismissal moved back in time) she sees it again.
      const aliceId = (await server.api.call('POST', '/api/user/data?page=1&pageSize=1', supToken, { username: 'alice_01' })).data.list[0]
        .id;
      await page.evaluate((id) => {
        const key = `notice_dismissed_at:${id}`;
        localStorage.setItem(key, String(Number(localStorage.getItem(key)) - 3 * 86_400_000 - 1000));
      }, aliceId);
      await loginUi(page, server.url, 'alice_01', 'alice-pass-1');
      await expect.poll(() => modal.isVisible()).toBe(true);
    });
  });
});

describe('home', () => {
  it("the sup's cards show the figures of /api/statistics/index", async () => {
    const stats = (await server.api.call('GET', '/api/statistics/index', supToken)).data;
    await withBrowser(async (page) => {
      await useToken(page, server.url, supToken, 'sup');
      await page.goto(`${server.url}/home`);
      const value = (id: string) => page.getByTestId(id).getByTestId('stat-value').innerText();
      const money = (n: number) => `$${n.toFixed(2)}`;
      await expect.poll(() => value('stat-userCount')).toBe(String(stats.userCount));
      expect(await value('stat-userCountMonth')).toBe(String(stats.userCountMonth));
      expect(await value('stat-todayOrder')).toBe(money(stats.todayOrder));
      expect(await value('stat-todayRechargeManual')).toBe(money(stats.todayRecharge - stats.todayRechargeAuto));
      expect(await value('stat-monthRechargeManual')).toBe(money(stats.monthRecharge - stats.monthRechargeAuto));
      expect(await value('summary-balance')).toBe(money(stats.admin.balance));
      expect(await value('summary-rechargeManual')).toBe(money(stats.admin.recharge - stats.admin.rechargeAuto));
      expect(await value('summary-diff')).toBe(money(stats.admin.diff));
      expect(await page.getByTestId('summary-diff').innerText()).toContain('正常');
    });
  });

  it("a customer's cards show their own figures", async () => {
    const token = await server.api.login('alice_01', 'alice-pass-1');
    // Cards are for a customer who has bought something (before that the home shows the first steps).
    const goods = await server.api.call('POST', '/api/goods/add', supToken, {
      title: '首页卡片',
      channel: 'sms',
      service: 'tg',
      price: 1,
      valid_hours: 24,
      min_qty: 1,
      max_qty: 10,
    });
    await server.api.call('POST', '/api/stock/import', supToken, { goods_id: goods.data.id, text: '+8613900000001' });
    expect((await server.api.call('POST', '/api/order/buy', token, { goods_id: goods.data.id, quantity: 1 })).code).toBe(200);
    const stats = (await server.api.call('GET', '/api/statistics/index', token)).data;
    expect(stats.totalRecharge).toBe(25.5);
    await withBrowser(async (page) => {
      await useToken(page, server.url, token, 'user');
      await page.goto(`${server.url}/home`);
      const value = (id: string) => page.getByTestId(id).getByTestId('stat-value').innerText();
      await expect.poll(() => value('stat-totalRecharge')).toBe('$25.50');
      expect(await value('stat-todayRecharge')).toBe(`$${stats.todayRecharge.toFixed(2)}`);
      expect(await value('stat-tokenNum')).toBe(String(stats.tokenNum));
    });
  });
});
