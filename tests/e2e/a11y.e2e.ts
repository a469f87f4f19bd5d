/**
 * Keyboard, touch, contrast and words on every screen, for the sup and a customer, at 1280 and 375 px
 * (no 令牌 or TOKEN where a customer reads):
 * axe-core finds no WCAG 2 A/AA violation (contrast above all), every screen's title names it, it
 * has one h1 (in the console, the screen's name), no screen logs an error; the shell's first stop is a skip link that moves focus to the content; a
 * focused item of the dark menu shows a clear outline; the header's buttons and the copy buttons are
 * at least 44 px on a phone. The server runs in this process (the built console served from dist)
 * with a product, stock, a customer's purchase and a code received, so lists show rows and tags.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pages, resources, roleOf, sections } from '../../resources.config';
import { buildMenu } from '../../src/framework/menu';
import { axeProblems, headingProblems } from './axe';
import { DIST, useToken, withBrowser } from './harness';
import { startServer, SUP, type TestServer } from '../helpers/server';
import { addGoods, buyOk, credit, deliver, importLines, phones } from '../helpers/commerce';

const SITE = '接码平台';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const TAP = 44;

let s: TestServer;
let sup: string;
let customer: { id: number; token: string };
let link: { token: string; identifier: string };

beforeAll(async () => {
  s = await startServer('sqlite', { settings: { staticDir: DIST } });
  sup = await s.login(SUP.username, SUP.password);
  const goods = await addGoods(s, sup, { title: 'Telegram 接码', description: '<p>支持 Telegram 注册与登录</p>' });
  await importLines(s, sup, goods, phones(5));
  customer = await s.addCustomer(sup, 'a11y_buyer');
  await credit(s, sup, customer.id, 20);
  const bought = await buyOk(s, customer.token, goods, 2);
  link = bought.tokens[0];
  await deliver(s, link.identifier, '【Telegram】您的验证码是 246810，5 分钟内有效');
  // The contact details as a shop writes them, with links (the home, /store, 账户充值 with no method on).
  const contact = await s.post(
    '/api/config/edit',
    {
      content:
        '<p>客服 Telegram：<a href="https://t.me/a11y_shop">@a11y_shop</a>，邮箱 <a href="mailto:help@example.com">help@example.com</a></p>',
    },
    sup,
  );
  expect(contact.code).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

/** A screen to check, by its path, the title that must name it, and the name its one h1 says (when it is known). */
interface Screen {
  path: string;
  title: string;
  heading?: string;
  longPoll?: boolean;
}

/** Every screen of a role's menu, and its home, with the name its title must give. */
function shellScreens(type: string): { path: string; name: string }[] {
  const menu = buildMenu(sections, [resources, pages], roleOf(type));
  return [
    { path: '/home', name: '首页' },
    ...menu.flatMap((section) => section.items.map((item) => ({ path: item.route, name: item.label }))),
  ];
}

/**
 * The screen has its data and nothing is still fading in or loading. A page that holds a long poll
 * open (/c/<token>) is never idle on the network: its first state drawn is enough.
 */
async function settled(page: Page, longPoll = false): Promise<void> {
  await page.waitForLoadState(longPoll ? 'load' : 'networkidle');
  await expect.poll(() => page.locator('.page-loading, .ant-spin-spinning, .ant-skeleton-active, .route-progress').count()).toBe(0);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

/** Words a customer never reads (docs/glossary.md): what they bought is a 号码. */
const NOT_FOR_CUSTOMERS = /令牌|token/i;

/**
 * What a screen gets wrong: a title that does not name it, axe's violations, errors in the console,
 * and, on a screen customers see (`customerWords`), a word the glossary keeps from them.
 */
async function checkScreen(
  page: Page,
  errors: string[],
  { path, title, heading, longPoll }: Screen,
  customerWords = false,
): Promise<string[]> {
  errors.length = 0;
  await page.goto(`${s.url}${path}`);
  await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 }).catch(() => undefined);
  await settled(page, longPoll);
  const problems: string[] = [];
  const actual = await page.title();
  if (actual !== title) problems.push(`title "${actual}", not "${title}"`);
  problems.push(...(await axeProblems(page)), ...(await headingProblems(page, heading)));
  problems.push(...errors);
  if (customerWords) {
    const word = (await page.locator('body').innerText()).match(NOT_FOR_CUSTOMERS);
    if (word) problems.push(`shows the word "${word[0]}"`);
  }
  return problems.map((p) => `${path}: ${p}`);
}

async function walk(viewport: { width: number; height: number }, session: { token: string; type: string } | null, screens: Screen[]) {
  const problems: string[] = [];
  await withBrowser(viewport, async (page, { errors }) => {
    if (session) await useToken(page, s.url, session.token, session.type);
    for (const screen of screens) problems.push(...(await checkScreen(page, errors, screen, session?.type !== 'sup')));
  });
  expect(problems.join('\n')).toBe('');
}

/** Console screens: the title and the one h1 name the screen. */
const titled = (screens: { path: string; name: string }[]) =>
  screens.map(({ path, name }) => ({ path, title: `${name} - ${SITE}`, heading: name }));
/** The open screens: each has its one h1 (the site's name on /login and /register, the store's own on /store). */
const open = (screens: { path: string; name: string }[]) => screens.map(({ path, name }) => ({ path, title: `${name} - ${SITE}` }));

/** An element's outline and ring, as drawn. */
const lookOf = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      look: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`,
      drawn: style.outlineStyle !== 'none',
      width: parseFloat(style.outlineWidth),
      color: style.outlineColor,
    };
  });

/** Contrast of an `rgb(...)` colour against the dark menu's background (#001529). */
function contrastOnDarkMenu(rgb: string): number {
  const lum = (c: number[]) =>
    c
      .map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      })
      .reduce((sum, x, i) => sum + x * [0.2126, 0.7152, 0.0722][i], 0);
  const fg = lum(
    rgb
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number),
  );
  const bg = lum([0x00, 0x15, 0x29]);
  return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}

/** Tabs into the menu until a menu item has the focus: the item's look then, and once the focus has left it. */
async function focusedMenuItem(page: Page, menu: Locator) {
  const item = menu.locator('.ant-menu-item:focus-within');
  for (let i = 0; i < 12 && !(await item.count()); i++) await page.keyboard.press('Tab');
  const text = await item.innerText();
  const focused = await lookOf(item);
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  const resting = await lookOf(menu.locator('.ant-menu-item', { hasText: text }).first());
  return { text, focused, resting };
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

for (const viewport of [WIDE, PHONE]) {
  describe(`${viewport.width} px`, () => {
    it("the open screens: /store, /login, /register and a bought link's /c/<token>", async () => {
      await walk(viewport, null, [
        ...open([
          { path: '/store', name: 'API商城' },
          { path: '/login', name: '登录' },
          { path: '/register', name: '注册' },
        ]),
        { path: `/c/${link.token}`, title: `验证码 · ${link.identifier}`, longPoll: true },
      ]);
    }, 240_000);

    it("every screen of the sup's menu", async () => {
      await walk(
        viewport,
        { token: sup, type: 'sup' },
        titled([...shellScreens('sup'), { path: '/user/index/create', name: `新建${resources.users.label}` }]),
      );
    }, 480_000);

    it("every screen of a customer's menu", async () => {
      await walk(viewport, { token: customer.token, type: 'user' }, titled(shellScreens('user')));
    }, 480_000);

    it('the first Tab reaches 跳到主要内容, visible, and Enter moves focus to the main content', async () => {
      await withBrowser(viewport, async (page) => {
        await useToken(page, s.url, customer.token, 'user');
        await page.goto(`${s.url}/items/order/record`);
        await settled(page);
        const skip = page.getByRole('link', { name: '跳到主要内容' });
        const hidden = await box(skip);
        expect(hidden.y + hidden.height).toBeLessThanOrEqual(0);
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要内容');
        const shown = await box(skip);
        expect(shown.y).toBeGreaterThanOrEqual(0);
        expect(shown.x).toBeGreaterThanOrEqual(0);
        expect(shown.width).toBeGreaterThan(40);
        await page.keyboard.press('Enter');
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
        expect(page.url()).toBe(`${s.url}/items/order/record`);
        // The next Tab goes on inside the content, not back to the menu.
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
      });
    });
  });
}

describe('the dark menu', () => {
  it('1280 px: a menu item reached with Tab shows a clear outline it does not have unfocused', async () => {
    await withBrowser(WIDE, async (page) => {
      await useToken(page, s.url, sup, 'sup');
      await page.goto(`${s.url}/system/notice`);
      await settled(page);
      const { text, focused, resting } = await focusedMenuItem(page, page.getByTestId('sider'));
      expect(text).toBe('联系方式');
      expect(focused.drawn).toBe(true);
      expect(focused.width).toBeGreaterThanOrEqual(2);
      expect(contrastOnDarkMenu(focused.color)).toBeGreaterThanOrEqual(3);
      expect(resting.look).not.toBe(focused.look);
    });
  });

  it('375 px: the same in the drawer opened from the menu button', async () => {
    await withBrowser(PHONE, async (page) => {
      await useToken(page, s.url, sup, 'sup');
      await page.goto(`${s.url}/home`);
      await settled(page);
      await page.getByRole('button', { name: '打开菜单' }).focus();
      await page.keyboard.press('Enter');
      const drawer = page.locator('.shell-drawer .ant-drawer-content');
      await drawer.waitFor();
      await settled(page);
      const { focused, resting } = await focusedMenuItem(page, drawer);
      expect(focused.drawn).toBe(true);
      expect(focused.width).toBeGreaterThanOrEqual(2);
      expect(contrastOnDarkMenu(focused.color)).toBeGreaterThanOrEqual(3);
      expect(resting.look).not.toBe(focused.look);
    });
  });
});

describe('375 px tap targets', () => {
  it('the menu button, 充值, the user menu and the copy buttons are at least 44 px', async () => {
    await withBrowser(PHONE, async (page) => {
      await useToken(page, s.url, customer.token, 'user');
      await page.goto(`${s.url}/user/info`);
      await settled(page);
      const header = page.locator('.shell-header');
      const targets: Record<string, Locator> = {
        menu: header.getByRole('button', { name: '打开菜单' }),
        recharge: header.getByRole('button', { name: '充值' }),
        user: page.getByTestId('user-menu'),
        copyIcon: page.getByTestId('apikey-card').getByRole('button', { name: '复制' }),
      };
      const sizes: Record<string, string> = {};
      for (const [name, target] of Object.entries(targets)) {
        const b = await box(target);
        sizes[name] = b.width >= TAP && b.height >= TAP ? 'ok' : `${b.width}x${b.height}`;
      }
      expect(sizes).toEqual({ menu: 'ok', recharge: 'ok', user: 'ok', copyIcon: 'ok' });

      // A new key shows in a dialog with its copy buttons (src/common/CopyButton).
      await page.getByTestId('apikey-card').getByRole('button', { name: '创建密钥' }).click();
      const copies = page.locator('.ant-modal').getByRole('button', { name: /复制/ });
      await expect.poll(() => copies.count()).toBeGreaterThan(0);
      await settled(page);
      for (const copy of await copies.all()) expect((await box(copy)).height).toBeGreaterThanOrEqual(TAP);
    });
  });

  it("a list's header buttons (刷新, 列设置, 导出) are at least 44 px", async () => {
    await withBrowser(PHONE, async (page) => {
      await useToken(page, s.url, customer.token, 'user');
      await page.goto(`${s.url}/items/api/token`);
      await settled(page);
      const buttons = page.locator('.fw-list-card > .fw-panel-head .fw-panel-extra .ant-btn');
      expect(await buttons.count()).toBeGreaterThanOrEqual(3);
      const small: string[] = [];
      for (const button of await buttons.all()) {
        const b = await box(button);
        if (b.width < TAP || b.height < TAP) small.push(`${await button.getAttribute('aria-label')}: ${b.width}x${b.height}`);
      }
      expect(small).toEqual([]);
    });
  });
});
